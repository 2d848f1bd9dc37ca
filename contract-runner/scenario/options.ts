/** What a scenario run is given: the user's choices, the credentials, the contract's rules. */
import type { LevelTable } from '../../runtime/feature-levels.js';
import type { CredentialNames } from '../../generator/model/security.js';
import type { JudgeRules } from '../judge.js';
import type { Credentials, SendValid, Transport } from '../request.js';
import type { Schemes } from '../credentials.js';

export interface ScenarioOptions {
  credentials?: Credentials;
  other?: Credentials;
  inputs: Record<string, unknown>;
  readOnly: boolean;
  allowDestructive: boolean;
  unauthenticatedOnly: boolean;
  stateless: boolean;
  /** operations skipped by name (--skip) */
  skipped: Set<string>;
  /** the contract's security schemes by name (how each credential travels); absent: Basic */
  schemes?: Schemes;
  /** what the contract calls the HTTP Basic pair (the model's), for messages */
  basicNames?: CredentialNames;
  rules: JudgeRules;
  /** the generated level table: answers of an older server may lack newer fields */
  levels?: LevelTable;
  transport: Transport;
  /** how valid requests are sent (the generated client); default: the wire model + fetch */
  sendValid?: SendValid;
  progress?: (line: string) => void;
}
