import { z } from "zod";
import type { InputsOf, ResourceAbout, StateOf } from "../define";
import { keepInput, maxRemovalsInput, removalsComputed, removedOutput } from "../shared/set-schema";

export const faxLineUserSetInputs = z.object({
  number: z.string().describe("The fax line's number."),
  users: z
    .array(z.string())
    .describe(
      "Everyone who may use the line besides the key holder: e-mail addresses or account ids. Whoever else is on the line is removed by the next `up` (the preview lists them in `removals`). Nobody is added: declare each user with a `FaxLineUser`.",
    ),
  keep: keepInput,
  maxRemovals: maxRemovalsInput,
});

export const faxLineUserSetComputed = removalsComputed;

export const faxLineUserSetOutputs = z.object({ removed: removedOutput });

export const faxLineUserSetAbout = {
  description:
    "The whole list of a fax line's users (authoritative): whoever else is on the line is removed by the next `up`, and the preview names each of them (`removals`). It adds nobody (each user is a `FaxLineUser`). Never removed: the account that holds the key, anyone matching `keep`; more than `maxRemovals` (default 5) removals in one run fail the preview. Deleting the set removes nobody.",
  calls: [
    ["preview", "`GET /fax_line?number=...` (its `accounts`), read **once per line** and shared with `FaxLineUser`"],
    ["create", "`PUT /fax_line/remove_user` for each of `removals`; nothing when there is none"],
    ["refresh", "the line's accounts (shared, as above): `removals` is who the next `up` would remove"],
    ["update", "as create"],
    ["delete", "none: the list stops being authoritative"],
  ],
  importId: "`<number>`",
  importExample: "main-users <number>",
  requiredOutputs: ["number", "removed"] as const,
} satisfies ResourceAbout;

/** FaxLineUserSet's inputs, as check passes them on (with what it computed). */
export type FaxLineUserSetInputs = InputsOf<typeof faxLineUserSetInputs, typeof faxLineUserSetComputed>;
/** What FaxLineUserSet's state holds. */
export type FaxLineUserSetState = StateOf<typeof faxLineUserSetInputs, typeof faxLineUserSetComputed, typeof faxLineUserSetOutputs, (typeof faxLineUserSetAbout.requiredOutputs)[number]>;
