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

/** POST /account/verify (AccountVerifyRequest): the address to look up. */
export const accountVerifyBody = z.object({ email_address: emailAddress() });

/**
 * Its answer is the whole body: `{"account":{"email_address"}}` when an account has the
 * address, `{}` when none has (recorded, S1 testIsAccountInvalid.json; the description's
 * AccountVerifyNotFoundResponse example), so it is not a resource under a required key.
 */
export const accountVerifyResponseSchema = z.looseObject({ account: z.looseObject({ email_address: z.string() }).optional() });
