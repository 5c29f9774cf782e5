/**
 * @module service/areas/team/permissions
 * Who may manage a team's members, as the real service applies its roles (see
 * docs/local-service.md, "Team roles", for where the spec is silent and what we chose):
 * - Admin: invites, removes and moves anyone, sets any role.
 * - Team Manager: invites (as Member) and removes Members and Developers; not Admins or
 *   other Team Managers, and sets no roles.
 * - Developer, Member: manage nobody; they may only remove themselves (leave).
 * The caller's role is its role in its own team; sub teams are managed from the parent.
 */
import type { Account } from "../../accounts/types";
import { forbidden } from "../../http/errors";
import type { Store } from "../../store/types";
import type { TeamRole } from "../../../contract";
import { teamRole } from "./model";

const MANAGERS: readonly TeamRole[] = ["Admin", "Team Manager"];

function roleOf(store: Store, caller: Account): TeamRole | "none" {
  return teamRole(store, caller) ?? "none";
}

/** add_member: inviting needs Admin or Team Manager; choosing a role other than Member, or changing one, needs Admin. */
export function assertMayInvite(store: Store, caller: Account, opts: { role?: TeamRole; changesRole: boolean }): void {
  const role = roleOf(store, caller);
  if (!MANAGERS.includes(role as TeamRole)) {
    throw forbidden(`Only team Admins and Team Managers can add members (your role: ${role})`);
  }
  if (role !== "Admin" && (opts.changesRole || (opts.role !== undefined && opts.role !== "Member"))) {
    throw forbidden(`Only team Admins can assign roles (your role: ${role})`, "role");
  }
}

/** remove_member: anyone may leave; removing others needs Admin, or Team Manager for Members and Developers. */
export function assertMayRemove(store: Store, caller: Account, target: { account_id: string; role?: TeamRole }, opts: { moves: boolean }): void {
  const role = roleOf(store, caller);
  const self = target.account_id === caller.account_id;
  if (self && !opts.moves) return;
  if (role === "Admin") return;
  if (role === "Team Manager" && !opts.moves && (target.role === undefined || !MANAGERS.includes(target.role))) return;
  const what = opts.moves ? "move members or transfer their data" : `remove ${target.role ?? "an invited person"}s`;
  throw forbidden(`Your role (${role}) cannot ${what}; ask a team Admin`);
}
