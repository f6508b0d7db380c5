// The slopsquat detector's services, built once per process over the registry lookups (cached, with
// deadlines; services.ts makes them, the observatory shares them): the check that reads names and
// judges them, and what its verdicts leave behind. The Gateway's answer paths and its MCP paths share
// them.
import type { Logger } from 'pino';
import type { MasterKey } from '../../crypto/master-key.ts';
import type { RiskSink } from '../../gateway/gateway-policy.ts';
import { extractFromText, extractFromToolCall } from '../extract/index.ts';
import { judge } from '../judge.ts';
import type { PackageLookup } from '../slopsquat-contract.ts';
import type { ObservatoryRecorder } from '../slopsquat-contract.ts';
import { createPackageChecker, type PackageChecker } from './package-checker.ts';
import { createSlopsquatReporter, type SlopsquatReporter } from './slopsquat-report.ts';

export interface SlopsquatServices {
  checker: PackageChecker;
  reporter: SlopsquatReporter;
  /** Waits for the checks still running and the records they complete (graceful stop, before the activity's). */
  drain(): Promise<void>;
}

export function createSlopsquatServices(deps: {
  lookup: PackageLookup;
  risk: RiskSink;
  /** The observatory's recorder, once it is built into the services; until then `missing` names stay findings only. */
  observatory: ObservatoryRecorder | null;
  key: MasterKey;
  log: Logger;
}): SlopsquatServices {
  const checker = createPackageChecker({
    readers: { fromText: extractFromText, fromToolCall: extractFromToolCall },
    lookup: deps.lookup,
    judge,
    observatory: deps.observatory,
    log: deps.log,
  });
  const reporter = createSlopsquatReporter({
    risk: deps.risk,
    observatory: deps.observatory,
    developerKey: deps.key.derive('slopsquat-caller'),
  });
  return { checker, reporter, drain: () => checker.drain() };
}
