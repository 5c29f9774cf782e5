/**
 * @module service/control/account-list
 * Granting and withdrawing access out of band on a parent that lists account ids (templates,
 * fax lines): the same two control routes on two tables, for the areas that own them.
 */
import { z } from "zod";
import { notFound } from "../http/errors";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../kernel";
import type { Table } from "../store/types";
import { required } from "./fields";

const userBody = z.object({ account_id: required });

export function accountListRoutes<T extends { accounts: string[] }>(svc: ServiceContext, base: string, param: string, label: string, table: () => Table<T>): ControlRoute[] {
  const parent = (id: string) => {
    const found = table().get(id);
    if (!found) throw notFound(`${label[0].toUpperCase()}${label.slice(1)} not found`);
    return found;
  };
  return [
    controlRoute({
      method: "POST",
      path: `${base}/users`,
      summary: `Give {account_id} access to a ${label}`,
      body: userBody,
      handler: ({ params, body: { account_id } }) => {
        const p = parent(params[param]);
        if (!svc.accounts.byId(account_id)) throw notFound("Account not found");
        if (!p.accounts.includes(account_id)) p.accounts.push(account_id);
        table().put(params[param], p);
        return ok({ accounts: p.accounts });
      },
    }),
    {
      method: "DELETE",
      path: `${base}/users/{account_id}`,
      summary: `Withdraw an account's access to a ${label}`,
      handler: ({ params }) => {
        const p = parent(params[param]);
        p.accounts = p.accounts.filter((a) => a !== params.account_id);
        table().put(params[param], p);
        return ok({ accounts: p.accounts });
      },
    },
  ];
}
