// Infrastructure as code for an electronic-signature account (the Dropbox Sign v3 API): API apps, the team and its members, templates and who may use them, fax lines and their users.
package esign
