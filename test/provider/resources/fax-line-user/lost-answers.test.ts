import { rows } from "../../support/lost-answer";
import { lostGrantSuite } from "../../support/lost-grant-suite";

lostGrantSuite({
  type: "FaxLineUser",
  key: "number",
  makeParent: async (h) => (await h.resource("FaxLine").create({ areaCode: 415, country: "US" })).id,
  add: { method: "PUT", path: "/fax_line/add_user" },
  remove: { method: "PUT", path: "/fax_line/remove_user" },
  holders: async (h, number) => (await rows(h, "fax_lines")).find((l) => l.number === number)!.accounts,
});
