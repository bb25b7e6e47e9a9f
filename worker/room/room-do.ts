import { DurableObject } from "cloudflare:workers";

export class RoomDO extends DurableObject<Env> {}
