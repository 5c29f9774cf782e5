import type { ResourceSpec } from "../spec";

export const teamSpec: ResourceSpec = {
  description: "The account's team (an account belongs to at most one). Who is on it is held by TeamMember resources.",
  importId: "the team id",
  inputs: {
    name: { type: "string", description: "The team's name; unset means the service's default (\"Untitled Team\") and leaves a name changed elsewhere alone." },
    adopt: { type: "boolean", description: "Take over the caller's existing team instead of failing because the caller is already on one." },
  },
  outputs: {
    teamId: { type: "string", description: "The team id (also the resource id)." },
  },
  requiredOutputs: ["teamId", "name"],
};
