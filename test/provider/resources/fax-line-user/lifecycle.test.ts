/** FaxLineUser's provider in process (fast tier): the grant suite with a fax line as parent. */
import { grantSuite } from "../../support/grant-suite";

grantSuite({
  type: "FaxLineUser",
  key: "number",
  makeParent: async (h) => (await h.resource("FaxLine").create({ areaCode: 415, country: "US" })).id,
  calls: () => ({ read: "GET /v3/fax_line", add: "PUT /v3/fax_line/add_user", remove: "PUT /v3/fax_line/remove_user" }),
  controlPath: (number) => `/fax_lines/${encodeURIComponent(number)}`,
  what: (number) => `use of fax line ${number}`,
});
