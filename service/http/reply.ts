/**
 * @module service/http/reply
 * Reply builders: every resource wrapped in its named key, lists with list_info,
 * warnings only when there are any.
 */
import type { ReplyHelpers, Reply } from "../kernel";

export const reply: ReplyHelpers = {
  json(key, value, opts = {}) {
    const body: Record<string, unknown> = { [key]: value };
    if (opts.warnings?.length) body.warnings = opts.warnings;
    return { status: opts.status ?? 200, body };
  },
  list(key, items, listInfo, opts = {}) {
    const body: Record<string, unknown> = { list_info: listInfo, [key]: items };
    if (opts.warnings?.length) body.warnings = opts.warnings;
    return { status: 200, body };
  },
  empty(status = 200): Reply {
    return { status };
  },
};
