// What the staged changes lower, said plainly in the review before the version is saved: the words the
// confirmation of each change used to say on its own (lowering enforcement, a tool's mode, a rule deleted,
// a tool removed), and an action moved from stopping a match to letting it through.
import type { ReactNode } from 'react';
import type { Action, PolicyDocument } from '../api/client';
import { ACTIONS, ACTION_LABEL, ACTION_MEANING, actionDetectors, lowers, type DetectorLabel } from './format';
import { ENFORCEMENT_CONSEQUENCE, LOWERING_RECORDED } from './enforcement-consequence';
import { ModeConsequence } from './mode-consequence';
import { isBuiltIn, modeOf, toolName, TOOL_MODE_LABEL } from './tool-format';

export interface Consequence {
  title: string;
  body: ReactNode;
  /** It lowers protection: the save button is red. */
  lowers: boolean;
}

/** Block, redact, alert, off: moving right lets more through. */
const weakens = (from: Action, to: Action) => ACTIONS.indexOf(to) > ACTIONS.indexOf(from);

const actionNote = (from: Action, to: Action) =>
  `From the next request a match is no longer handled as “${ACTION_MEANING[from]}”: the Gateway will ${ACTION_MEANING[to]}.`;

export function consequencesOf(
  before: PolicyDocument,
  after: PolicyDocument,
  labelOf: DetectorLabel,
): Consequence[] {
  const out: Consequence[] = [];
  if (before.enforcement !== after.enforcement) {
    const lowering = lowers(before.enforcement, after.enforcement);
    out.push({
      title: `Enforcement: ${before.enforcement} → ${after.enforcement}`,
      body: (
        <>
          {ENFORCEMENT_CONSEQUENCE[before.enforcement][after.enforcement]}
          {lowering && <b> {LOWERING_RECORDED}</b>}
        </>
      ),
      lowers: lowering,
    });
  }
  const detectors = [...actionDetectors(after), ...(after.detectors.slopsquat ? ['slopsquat' as const] : [])];
  for (const d of detectors) {
    const from = before.detectors[d]?.action;
    const to = after.detectors[d].action;
    if (from && weakens(from, to))
      out.push({
        title: `${labelOf(d)}: ${ACTION_LABEL[from]} → ${ACTION_LABEL[to]}`,
        body: actionNote(from, to),
        lowers: true,
      });
  }
  for (const rule of before.detectors.custom) {
    const now = after.detectors.custom.find((r) => r.id === rule.id);
    if (!now)
      out.push({
        title: `Custom rule ${rule.id} deleted`,
        body: `From the next request, ${rule.id} no longer checks anything: what only it matched goes through. Its past signals and risk findings stay, and the version history keeps the rule as it was.`,
        lowers: true,
      });
    else if (weakens(rule.action, now.action))
      out.push({
        title: `Custom rule ${rule.id}: ${ACTION_LABEL[rule.action]} → ${ACTION_LABEL[now.action]}`,
        body: actionNote(rule.action, now.action),
        lowers: true,
      });
  }
  for (const tool of before.tools ?? []) {
    if (isBuiltIn(tool.id) || (after.tools ?? []).some((t) => t.id === tool.id)) continue;
    out.push({
      title: `Tool ${toolName(tool)} removed`,
      body: `From the next request, the Gateway no longer recognises ${toolName(tool)}: its requests count as the built-in tool their user agent matches, in that tool's mode, or else as an unknown tool, in provider key mode. Past activity keeps its name, and the version history keeps the tool as it was.`,
      lowers: false,
    });
  }
  for (const tool of after.tools ?? []) {
    const was = (before.tools ?? []).some((t) => t.id === tool.id) || isBuiltIn(tool.id);
    const from = modeOf(before, tool.id);
    if (!was || from === tool.mode) continue;
    const name = toolName(tool);
    out.push({
      title: `Tool ${name}: ${TOOL_MODE_LABEL[from].toLowerCase()} → ${TOOL_MODE_LABEL[tool.mode].toLowerCase()} mode`,
      body: <ModeConsequence name={name} to={tool.mode} />,
      lowers: false,
    });
  }
  return out;
}
