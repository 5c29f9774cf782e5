/** Requests of account.get (optionally another account by id or e-mail) and PUT /account. */
import { z } from "zod";
import { emailAddress, id } from "../primitives";

export const accountGetQuery = z.object({
  account_id: id().optional(),
  email_address: emailAddress().optional(),
});

/** PUT /account (AccountUpdateRequest): every key optional, each a string when given. */
export const accountUpdateBody = z.object({
  account_id: z.string().nullable().optional(),
  callback_url: z.string().optional(),
  locale: z.string().optional(),
});
