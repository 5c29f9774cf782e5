/** The properties TeamMemberSet, TemplateAccessSet and FaxLineUserSet share (shared/exclusive.ts), as zod. */
import { z } from "zod";

export const keepInput = z
  .array(z.string())
  .optional()
  .describe(
    "Patterns of people never removed though the list leaves them out (`*` for any characters, matched case-insensitively against e-mail addresses and account ids): known people meant to stay unmanaged.",
  );

export const maxRemovalsInput = z.int().optional().describe("At most this many removals in one `up` (default 5); more fail the preview, naming them, until the program raises it.");

export const removalsComputed = z.object({
  removals: z
    .array(z.string())
    .optional()
    .describe("Who the next `up` removes (e-mail addresses, or account ids when the service gives no address), computed at check from one read of the list, so that the preview shows each by name."),
});

export const removedOutput = z.array(z.string()).describe("Whom the last `up` removed.");
