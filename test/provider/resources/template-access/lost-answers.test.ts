import { ndaTemplate } from "../../support/fixtures";
import { rows } from "../../support/lost-answer";
import { lostGrantSuite } from "../../support/lost-grant-suite";

lostGrantSuite({
  type: "TemplateAccess",
  key: "templateId",
  makeParent: async (h) => (await h.resource("Template").create(ndaTemplate())).id,
  add: { method: "POST", path: "/template/add_user/{id}" },
  remove: { method: "POST", path: "/template/remove_user/{id}" },
  holders: async (h, id) => (await rows(h, "templates")).find((t) => t.template_id === id)!.accounts,
  mailKind: "template_shared",
});
