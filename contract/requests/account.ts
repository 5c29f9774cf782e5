/** Request of account.get: optionally look up another account by id or e-mail. */
import { z } from "zod";
import { emailAddress, id } from "../primitives";

export const accountGetQuery = z.object({
  account_id: id().optional(),
  email_address: emailAddress().optional(),
});
