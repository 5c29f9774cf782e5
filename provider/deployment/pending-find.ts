/**
 * What a cut-off create made: for a pending create (the engine's record of a create whose
 * answer never came, with the resource's kind and inputs), the objects in the account that it
 * may have made. Shared by `esign recover` (cli/recover.ts) and the create-time check
 * (pending-create.ts). Each kind lists its likely objects cheaply (by name, title, area code),
 * then each is read with the kind's own read and kept only when the kind's own diff finds no
 * difference from the declared inputs: the object is what this create would have made.
 *
 * Excluded: objects another resource of the stack holds (`held`), and objects created before
 * `since` (seconds; the end of the stack's last finished update: a cut-off run started after
 * it) where the service says when the object was made or last changed.
 *
 * Team members and grants have no finder: their create is idempotent (a person or grant already
 * in place is taken over, D6), so their pending create needs no object id (`idempotent`).
 */
import type { ResultOf } from "../../contract";
import { defaultDiff, isNotFound, type Props } from "../core/resource";
import { registry } from "../resources/registry";
import type { ProviderContext } from "./context";

/** The kinds whose create makes nothing a second create would duplicate. */
export const IDEMPOTENT_KINDS = new Set(["TeamMember", "TemplateAccess", "FaxLineUser"]);

export function idempotent(kind: string): boolean {
  return IDEMPOTENT_KINDS.has(kind);
}

export interface Candidate {
  id: string;
  /** How a person recognises it: `API app "Portal" (client id ...)`. */
  label: string;
}

export interface FindOptions {
  /** Object ids the stack's state holds already. */
  held: ReadonlySet<string>;
  /** Seconds since the epoch: objects made (or, for templates, changed) before it are not the cut-off create's. */
  since?: number;
}

/** Allowance for the clock of the machine that ran the update against the service's. */
const CLOCK_SLACK_S = 120;

const after = (since: number | undefined, at: number | null | undefined) => since === undefined || at == null || at >= since - CLOCK_SLACK_S;

type Lister = (ctx: ProviderContext, inputs: Props, opts: FindOptions) => Promise<Candidate[]>;

const PAGE = { pageSize: 100 };

async function apiApps(ctx: ProviderContext, inputs: Props, opts: FindOptions): Promise<Candidate[]> {
  if (typeof inputs.clientId === "string") return [{ id: inputs.clientId, label: `API app (client id ${inputs.clientId})` }];
  const me = (await ctx.account()).accountId;
  const apps: ResultOf<"api_app.get">[] = await ctx.client.collectAll(ctx.client.apiApp.list, {}, PAGE);
  return apps
    .filter((a) => a.owner_account?.account_id === me && a.name === inputs.name && after(opts.since, a.created_at))
    .map((a) => ({ id: a.client_id, label: `API app "${a.name}" (client id ${a.client_id})` }));
}

async function teams(ctx: ProviderContext): Promise<Candidate[]> {
  try {
    const team = await ctx.client.team.get();
    const { team_id } = await ctx.client.team.info();
    return [{ id: team_id, label: `team "${team.name}" (${team_id})` }];
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

async function templates(ctx: ProviderContext, inputs: Props, opts: FindOptions): Promise<Candidate[]> {
  if (typeof inputs.templateId === "string") return [{ id: inputs.templateId, label: `template ${inputs.templateId}` }];
  const all: ResultOf<"template.get">[] = await ctx.client.collectAll(ctx.client.template.list, {}, PAGE);
  return all.filter((t) => t.title === inputs.title && after(opts.since, t.updated_at)).map((t) => ({ id: t.template_id, label: `template "${t.title}" (${t.template_id})` }));
}

/** The area code of a North American number (+1 AAA ...); other countries keep theirs after the country code. */
const areaCodeOf = (n: string) => n.replace(/^\+?1/, "").replace(/\D/g, "").slice(0, 3);

async function faxLines(ctx: ProviderContext, inputs: Props, opts: FindOptions): Promise<Candidate[]> {
  if (typeof inputs.number === "string") return [{ id: inputs.number, label: `fax line ${inputs.number}` }];
  const lines: ResultOf<"fax_line.get">[] = await ctx.client.collectAll(ctx.client.faxLine.list, {}, PAGE);
  return lines
    .filter((l) => (inputs.areaCode === undefined || areaCodeOf(l.number) === String(inputs.areaCode)) && after(opts.since, l.created_at))
    .map((l) => ({ id: l.number, label: `fax line ${l.number}` }));
}

const listers: Record<string, Lister> = { ApiApp: apiApps, Team: (ctx) => teams(ctx), Template: templates, FaxLine: faxLines };

/**
 * The objects the pending create of a `kind` with these inputs may have made: listed, not held
 * by the stack, read with the kind's read, and equal to the inputs by the kind's diff.
 */
export async function candidatesFor(ctx: ProviderContext, kind: string, inputs: Props, opts: FindOptions): Promise<Candidate[]> {
  const list = listers[kind];
  const impl = registry[kind];
  if (!list || !impl) throw new Error(`no way to find what a create of ${kind} made`);
  const listed = (await list(ctx, inputs, opts)).filter((c) => !opts.held.has(c.id));
  const matching: Candidate[] = [];
  for (const c of listed) {
    let state: Props | undefined;
    try {
      state = (await impl.read(ctx, c.id, inputs)) as Props | undefined;
    } catch (error) {
      if (isNotFound(error)) continue;
      throw error;
    }
    if (!state) continue;
    // As a refresh records it: only what the create declares is compared (server-added template metadata is no difference, D23, D82).
    const read = { ...state, declaredInputs: Object.keys(inputs) };
    const diff = impl.diff ? await impl.diff(c.id, read, inputs) : defaultDiff(impl, read, inputs);
    const differs = diff.changes !== false;
    if (!differs) matching.push(c);
  }
  return matching;
}
