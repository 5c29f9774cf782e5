/**
 * Request bodies: JSON, or multipart FormData when a file is attached. Multipart follows the
 * official Node SDK: files as files[0], files[1] ... (or the single field name), booleans as
 * "true"/"false", other objects and arrays JSON-stringified into one field, scalars as text,
 * null fields left out.
 */
import { isFileUpload, type FileUpload, type UploadFields } from "../../contract";

export function hasFiles(body: Record<string, unknown>, uploads: UploadFields | undefined): boolean {
  if (!uploads) return false;
  return Object.keys(uploads).some((field) => {
    const value = body[field];
    return Array.isArray(value) ? value.some(isFileUpload) : isFileUpload(value);
  });
}

function toBlob(file: FileUpload): Blob {
  // Copy into a plain ArrayBuffer-backed view so Blob accepts Buffer and shared views alike.
  return new Blob([new Uint8Array(file.content)], { type: file.contentType ?? "application/octet-stream" });
}

export function toFormData(body: Record<string, unknown>, uploads: UploadFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    // null has no form encoding; omitting the field means the same (no value).
    if (value === undefined || value === null) continue;
    const kind = uploads[key];
    if (kind === "many" && Array.isArray(value)) {
      value.forEach((file: FileUpload, index) => form.append(`${key}[${index}]`, toBlob(file), file.filename));
    } else if (kind && isFileUpload(value)) {
      form.append(key, toBlob(value), value.filename);
    } else if (typeof value === "boolean") {
      form.append(key, value ? "true" : "false");
    } else if (value !== null && typeof value === "object") {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}
