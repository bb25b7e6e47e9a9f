// Issue 3 builds the rooms; until then there is no room to reach.
export async function handleRoomSocket(_request: Request, _env: Env, _url: URL): Promise<Response> {
  return new Response("Not found", { status: 404 });
}

export async function wakeOpenRooms(_env: Env): Promise<void> {}
