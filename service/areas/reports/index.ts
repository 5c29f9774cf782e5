/**
 * @module service/areas/reports
 * POST /report/create (API key only): the contract has checked the dates (MM/DD/YYYY, range,
 * age) and report types; here each type becomes a CSV built from the account's data now,
 * stored in table "report_files", and one e-mail per type goes to the outbox with a link to
 * GET {url}/v3/report/files/{file_id}.csv (authenticated with the same account's API key).
 */
import { parseReportDate } from "../../../contract";
import { notFound } from "../../http/errors";
import { newId } from "../../http/ids";
import { rawRoute, route } from "../../http/route";
import type { AnswerOf, Area, RequestContext, Reply, Route } from "../../kernel";
import { serviceUrl } from "../signature-requests/documents";
import { documentStatusCsv, smsActivityCsv, userActivityCsv, type Range } from "./csv";

interface ReportFile {
  file_id: string;
  account_id: string;
  report_type: string;
  start_date: string;
  end_date: string;
  csv: string;
  created_at: number;
}

const reportFiles = (ctx: RequestContext) => ctx.store.table<ReportFile>("report_files");
const DAY = 86_400;

function createReport(ctx: RequestContext<"report.create">): AnswerOf<"report.create"> {
  const { body } = ctx;
  // Inclusive on both ends: from the start day's midnight to the end day's last second (UTC).
  const range: Range = {
    from: parseReportDate(body.start_date)!.getTime() / 1000,
    to: parseReportDate(body.end_date)!.getTime() / 1000 + DAY - 1,
  };
  for (const type of body.report_type) {
    const csv = type === "user_activity" ? userActivityCsv(ctx, ctx.account, range) : type === "document_status" ? documentStatusCsv(ctx, ctx.account, range) : smsActivityCsv();
    const file: ReportFile = { file_id: newId(), account_id: ctx.account.account_id, report_type: type, start_date: body.start_date, end_date: body.end_date, csv, created_at: ctx.clock.now() };
    reportFiles(ctx).put(file.file_id, file);
    const url = `${serviceUrl(ctx)}/v3/report/files/${file.file_id}.csv`;
    ctx.outbox.send({
      to: ctx.account.email_address,
      subject: `Your ${type} report (${body.start_date} - ${body.end_date})`,
      kind: "report",
      body: `Your report is ready. Download the CSV: ${url}`,
      data: { report_type: type, url, file_id: file.file_id, start_date: body.start_date, end_date: body.end_date },
    });
  }
  return {
    success: "Your request is being processed. You will receive an email when the report is ready.",
    start_date: body.start_date,
    end_date: body.end_date,
    report_type: body.report_type,
  };
}

/** The CSV behind an e-mailed link; only its account can fetch it. */
function downloadReport(ctx: RequestContext): Reply {
  const id = (ctx.params.file ?? "").replace(/\.csv$/, "");
  const file = reportFiles(ctx).get(id);
  if (!file || file.account_id !== ctx.account.account_id) throw notFound("Report not found");
  return {
    status: 200,
    raw: Buffer.from(file.csv, "utf8"),
    contentType: "text/csv; charset=utf-8",
    headers: { "Content-Disposition": `attachment; filename="${file.report_type}-${file.file_id}.csv"` },
  };
}

const downloadRoute: Route = rawRoute({ method: "GET", path: "/report/files/{file}", apiKeyOnly: true }, downloadReport);

export const area: Area = { name: "reports", routes: [route("report.create", createReport), downloadRoute] };
