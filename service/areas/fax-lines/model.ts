/**
 * @module service/areas/fax-lines/model
 * The stored fax line: its number, where it is, who bought it and who may use it.
 */
import type { Store } from "../../store/types";

export interface FaxLineRecord {
  number: string;
  country: string;
  area_code: number;
  city: string | null;
  owner_account_id: string;
  accounts: string[];
  created_at: number;
  updated_at: number;
}

export const faxLines = (store: Store) => store.table<FaxLineRecord>("fax_lines");
