/** TemplateAccess's provider in process (fast tier): the grant suite with a template as parent. */
import { grantSuite } from "../../support/grant-suite";
import { ndaTemplate } from "../../support/fixtures";

grantSuite({
  type: "TemplateAccess",
  key: "templateId",
  makeParent: async (h) => (await h.resource("Template").create(ndaTemplate())).id,
  calls: (id) => ({ read: `GET /v3/template/${id}`, add: `POST /v3/template/add_user/${id}`, remove: `POST /v3/template/remove_user/${id}` }),
  controlPath: (id) => `/templates/${id}`,
  what: (id) => `access to template ${id}`,
  extraChanges: { skipNotification: { set: { skipNotification: true }, expect: "ignore" } },
});
