/**
 * @module service/areas/fax-lines/control
 * Out-of-band fax line changes under /_local/ (web UI stand-ins for drift tests): release a
 * line, grant and withdraw an account's access.
 */
import { accountListRoutes } from "../../control/account-list";
import { notFound } from "../../http/errors";
import { ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { faxLines } from "./model";

export function faxLineControlRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  return [
    {
      method: "DELETE",
      path: "/fax_lines/{number}",
      summary: "Release a fax line",
      handler: ({ params }) => {
        if (!faxLines(store).delete(params.number)) throw notFound("Fax line not found");
        return ok({ deleted: true });
      },
    },
    ...accountListRoutes(svc, "/fax_lines/{number}", "number", "fax line", () => faxLines(store)),
  ];
}
