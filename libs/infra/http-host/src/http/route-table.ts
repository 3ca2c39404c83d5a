/**
 * Every registered route pattern, so an unknown method on a known path answers 405 (with Allow)
 * instead of Fastify's 404.
 */
export class RouteTable {
  private readonly routes: Array<{ pattern: RegExp; params: number; methods: Set<string> }> = [];

  add(url: string, methods: string | string[]): void {
    const source =
      '^' +
      url
        .split('/')
        .map((part) =>
          part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/') +
      '/?$';
    const pattern = new RegExp(source);
    const existing = this.routes.find((route) => route.pattern.source === pattern.source);
    const list = Array.isArray(methods) ? methods : [methods];
    if (existing) list.forEach((method) => existing.methods.add(method));
    else
      this.routes.push({
        pattern,
        params: url.split('/').filter((part) => part.startsWith(':')).length,
        methods: new Set(list),
      });
  }

  /** Whether any route takes this method. */
  usesMethod(method: string): boolean {
    return this.routes.some((route) => route.methods.has(method));
  }

  /**
   * Methods allowed on a concrete path, or an empty list when no route has this path. Where a static
   * route and a parametric one both match (`/team/invites/accept` and `/team/invites/:inviteId`), the
   * path names the static resource, whose methods are the documented ones.
   */
  allowedMethods(path: string): string[] {
    const clean = path.split('?')[0];
    const matching = this.routes.filter((route) => route.pattern.test(clean));
    const fewestParams = Math.min(...matching.map((route) => route.params));
    return [
      ...new Set(matching.filter((route) => route.params === fewestParams).flatMap((route) => [...route.methods])),
    ];
  }
}

/** The process-wide table: Fastify's onRoute hook fills it, the exception filter reads it. */
export const ROUTES = new RouteTable();
