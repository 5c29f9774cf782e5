/** Request of document.detect_fields: exactly one of file / file_url, detection_mode, page_range. */
import { z } from "zod";
import { DETECTION_MODES, oneOf } from "../enums";
import { exactlyOneOf, fileUpload, httpUrl, pageRange } from "../primitives";

export const detectFieldsBody = z
  .object({
    file: fileUpload().optional(),
    file_url: httpUrl().optional(),
    detection_mode: oneOf(DETECTION_MODES),
    page_range: pageRange().optional(),
  })
  .superRefine(exactlyOneOf("file", "file_url"));
