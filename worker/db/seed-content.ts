// Articles and banners in four languages: filled by the content work (issue 5).
export function contentSeedStatements(_nowMs: number): string[] {
  return [];
}
