/**
 * @module service/http/router
 * Matches a method and path against route patterns (`/api_app/{client_id}`). Literal
 * segments beat parameters, so `/api_app/list` wins over `/api_app/{client_id}`, for every
 * method: the path belongs to the most specific pattern that matches it, and only that
 * pattern's routes answer it or name its methods (`GET /fax/send` is a 405 with `Allow: POST`,
 * not a lookup of a fax called "send"). A path that matches only under other methods is a 405.
 */
import type { HttpMethod } from "../kernel";

export interface Routable {
  method: HttpMethod;
  path: string;
}

interface Compiled<R> {
  route: R;
  segments: string[];
  literals: number;
  /** The pattern with parameter names erased: routes of one shape answer the same paths. */
  shape: string;
}

export type RouteMatch<R> = { kind: "found"; route: R; params: Record<string, string> } | { kind: "method_not_allowed"; allowed: HttpMethod[] } | { kind: "not_found" };

export class Router<R extends Routable> {
  private compiled: Compiled<R>[];

  constructor(routes: R[]) {
    this.compiled = routes.map((route) => {
      const segments = split(route.path);
      return { route, segments, literals: segments.filter((s) => !isParam(s)).length, shape: segments.map((s) => (isParam(s) ? "{}" : s)).join("/") };
    });
    // Most literal segments first: /template/list before /template/{template_id}.
    this.compiled.sort((a, b) => b.literals - a.literals);
  }

  match(method: string, path: string): RouteMatch<R> {
    const parts = split(path);
    const allowed: HttpMethod[] = [];
    let owner: string | undefined;
    for (const c of this.compiled) {
      if (owner !== undefined && c.shape !== owner) continue;
      const params = matchSegments(c.segments, parts);
      if (!params) continue;
      owner = c.shape;
      if (c.route.method === method) return { kind: "found", route: c.route, params };
      if (!allowed.includes(c.route.method)) allowed.push(c.route.method);
    }
    return allowed.length ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
  }
}

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

function isParam(s: string): boolean {
  return s.startsWith("{") && s.endsWith("}");
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (isParam(p)) {
      let v: string;
      try {
        v = decodeURIComponent(parts[i]);
      } catch {
        return undefined;
      }
      params[p.slice(1, -1)] = v;
    } else if (p !== parts[i]) return undefined;
  }
  return params;
}
