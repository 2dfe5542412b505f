/** What `portal contract-check` takes and gives: its options, one result per endpoint, the report. */
import type { TokenInfo } from '@portal/contract';

export interface CheckToken {
  /** how the report names it: a persona id, or "token 1" */
  label: string;
  token: string;
}

export interface CheckOptions {
  baseUrl: string;
  /** the document service (base 'documents' endpoints) */
  documentsUrl: string;
  tokens: readonly CheckToken[];
  contractId?: number;
  /** the portal site code (portal configuration, user configurations) */
  siteCode: string;
  /** domain name for the realm lookup */
  domain: string;
  timeoutMs: number;
  /** also the fields of the answers the contract does not name */
  strict?: boolean;
  /** restrict the report to these endpoint ids (the others are still called to find ids) */
  only?: ReadonlySet<string>;
  onProgress?: (done: number, total: number, id: string) => void;
}

type Outcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  id: string;
  method: string;
  path: string;
  outcome: Outcome;
  url?: string;
  status?: number;
  /** the answer's content type, without parameters */
  contentType?: string;
  durationMs?: number;
  as?: string;
  problems: string[];
  reason?: string;
}

export interface CheckReport {
  baseUrl: string;
  users: { label: string; email?: string; roles?: string[] }[];
  summary: { passed: number; failed: number; skipped: number };
  /** one line when every call failed the same way ("every call answered 404 text/html: wrong base URL?") */
  diagnosis?: string;
  results: CheckResult[];
}

export interface Identity extends CheckToken {
  user?: TokenInfo;
}

export type Values = Map<string, string | number>;
