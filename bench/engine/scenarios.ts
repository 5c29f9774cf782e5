/**
 * The engine bench's scenarios: N resources of one kind, the parents they need made up front
 * (outside the stack, through the API and control plane, so only the N resources are in it),
 * and the fewest requests each phase could make.
 */
import * as pulumi from "@pulumi/pulumi";
import * as esign from "../../provider";
import { EsignClient } from "../../provider/client";
import type { LocalService } from "../../test/support/local";
import { makePdf } from "../../service/pdf";

export type Phase = "up" | "preview" | "refresh" | "destroy";

export interface Scenario {
  name: string;
  /** Makes what the N resources hang off; returns what the program needs. */
  setup(svc: LocalService, n: number): Promise<Record<string, string>>;
  /** Declares the N resources. */
  program(n: number, parents: Record<string, string>): void;
  /** Fewest requests: the changes, plus one list read per page of 100 per parent. */
  minimum(phase: Phase, n: number): number;
}

const pages = (n: number) => Math.max(1, Math.ceil(n / 100));

/**
 * Membership-like: the parent answers with all its members in ONE unpaginated read (GET
 * /template/{id}, GET /fax_line, GET /team/invites for pending invitations), so: up = that
 * read (adoption) + N adds; refresh = that read.
 */
const membershipMinimum = (phase: Phase, n: number) => ({ up: n + 1, preview: 0, refresh: 1, destroy: n })[phase];

const email = (i: number) => `user${i}@example.com`;

/** Setup traffic is not throttled by the client; the bench resets the service's window after it. */
function setupClient(svc: LocalService): EsignClient {
  return new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl, requestsPerMinute: 0, maxConcurrency: 8 });
}

/** A team with N accepted teammates (template access and fax lines need teammates). */
async function teamWithMates(svc: LocalService, n: number): Promise<string> {
  const client = setupClient(svc);
  const team = await client.team.create({ name: "Bench" });
  for (let i = 0; i < n; i++) {
    await client.team.addMember({ email_address: email(i) });
    await svc.control("POST", "/invites/accept", { email_address: email(i) });
  }
  return (team as { team_id?: string }).team_id ?? (await client.team.info()).team_id;
}

export const scenarios: Scenario[] = [
  {
    name: "team members",
    async setup(svc) {
      const team = await setupClient(svc).team.create({ name: "Bench" });
      return { teamId: (team as { team_id?: string }).team_id ?? (await setupClient(svc).team.info()).team_id };
    },
    program(n, { teamId }) {
      for (let i = 0; i < n; i++) new esign.TeamMember(`m${i}`, { teamId, emailAddress: email(i) });
    },
    // up: GET /team (nobody pending yet) + N adds. refresh: every member is an invitation still
    // pending, so GET /team and the invitations list (which alone carries the invitees' roles).
    minimum: (phase, n) => ({ up: n + 1, preview: 0, refresh: 2, destroy: n })[phase],
  },
  {
    name: "template accesses",
    async setup(svc, n) {
      await teamWithMates(svc, n);
      const template = await setupClient(svc).template.create({
        files: [{ filename: "bench.pdf", content: makePdf({ pages: [{ texts: [{ x: 72, y: 720, text: "Bench" }] }] }) }],
        title: "Bench",
        signer_roles: [{ name: "Client", order: 0 }],
        form_fields_per_document: [],
        test_mode: true,
      } as never);
      return { templateId: template.template_id };
    },
    program(n, { templateId }) {
      for (let i = 0; i < n; i++) new esign.TemplateAccess(`a${i}`, { templateId, emailAddress: email(i), skipNotification: true });
    },
    minimum: membershipMinimum,
  },
  {
    name: "fax line users",
    async setup(svc, n) {
      await teamWithMates(svc, n);
      const client = setupClient(svc);
      const codes = await client.faxLine.areaCodes({ country: "US" });
      const line = await client.faxLine.create({ area_code: codes[0], country: "US" });
      return { number: line.number };
    },
    program(n, { number }) {
      for (let i = 0; i < n; i++) new esign.FaxLineUser(`u${i}`, { number, emailAddress: email(i) });
    },
    minimum: membershipMinimum,
  },
  {
    name: "API apps",
    async setup() {
      return {};
    },
    program(n) {
      for (let i = 0; i < n; i++) new esign.ApiApp(`app${i}`, { name: `Bench app ${i}`, domains: ["example.com"] });
    },
    // The app list is paginated (100 a page): up reads it once while still empty (create
    // idempotency), refresh reads every page.
    minimum: (phase, n) => ({ up: n + 1, preview: 0, refresh: pages(n), destroy: n })[phase],
  },
];

/** The engine's floor: a dynamic resource whose provider makes no requests at all. */
const nothingProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `nothing-${inputs.index}`, outs: inputs };
  },
  async read(id, props) {
    return { id, props };
  },
  async delete() {},
};

class Nothing extends pulumi.dynamic.Resource {
  constructor(name: string, index: number) {
    super(nothingProvider, name, { index }, undefined, "bench", "Nothing");
  }
}

export const floor: Scenario = {
  name: "engine floor (no requests)",
  async setup() {
    return {};
  },
  program(n) {
    for (let i = 0; i < n; i++) new Nothing(`n${i}`, i);
  },
  minimum: () => 0,
};
