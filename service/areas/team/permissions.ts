/**
 * @module service/areas/team/permissions
 * Who may manage a team's members through the API. The product's roles (help centre "Team
 * roles on API plans", S12): Admins and Developers have API keys; Team Managers and Members
 * "can't make API calls" at all (the pipeline answers their keys 401 before any area runs),
 * so nothing here lets a Team Manager manage people through the API:
 * - Admin: invites, removes and moves anyone, sets any role.
 * - Developer (and anyone else who gets this far): manages nobody; may only remove itself (leave).
 * The caller's role is its role in its own team; sub teams are managed from the parent.
 */
import type { Account } from "../../accounts/types";
import { forbidden } from "../../http/errors";
import type { Store } from "../../store/types";
import type { TeamRole } from "../../../contract";
import { teamRole } from "./model";

function roleOf(store: Store, caller: Account): TeamRole | "none" {
  return teamRole(store, caller) ?? "none";
}

/** add_member: inviting, choosing a role or changing one needs Admin. */
export function assertMayInvite(store: Store, caller: Account): void {
  const role = roleOf(store, caller);
  if (role !== "Admin") throw forbidden(`Only team Admins can add members or assign roles (your role: ${role})`);
}

/** remove_member: anyone may leave; removing or moving others needs Admin. */
export function assertMayRemove(store: Store, caller: Account, target: { account_id: string; role?: TeamRole }, opts: { moves: boolean }): void {
  const role = roleOf(store, caller);
  if (target.account_id === caller.account_id && !opts.moves) return;
  if (role === "Admin") return;
  const what = opts.moves ? "move members or transfer their data" : `remove ${target.role ?? "an invited person"}s`;
  throw forbidden(`Your role (${role}) cannot ${what}; ask a team Admin`);
}
