/**
 * The links report of a run without scenarios: each link between operations the contract
 * documents, and each `Location` header a chain followed, with whether a chain ran through it.
 */
import type { OperationLink } from '../generator/model/links.js';
import { lastSegment, pointerGet, type StepRecord } from './scenario/expressions.js';
import type { LinkPlan } from './scenario/from-model.js';

/** A link, whether a chain ran through it, and `atRunTime` for an undocumented `Location`. */
export type LinkRun = OperationLink & { exercised: boolean; atRunTime?: boolean };

/**
 * The links found, each with whether a chain ran through it; a `Location` header no link of
 * the contract documents is listed when an answer had one and a chain followed it.
 */
export function linksRun(
  { links, candidates, feeds }: LinkPlan,
  records: Map<string, StepRecord>,
): LinkRun[] {
  const listed: LinkRun[] = links.map((link) => ({
    ...link,
    exercised: exercised(link, feeds, records),
  }));
  for (const link of candidates) {
    const documented = links.some(
      (l) =>
        l.from === link.from &&
        l.to === link.to &&
        l.parameter === link.parameter &&
        'header' in l.value,
    );
    if (!documented && exercised(link, feeds, records))
      listed.push({ ...link, exercised: true, atRunTime: true });
  }
  return listed;
}

/**
 * The link fed its consumer's step: both steps succeeded, and the consumer sent in its path
 * what the producer answered where the link points (not the sample value it falls back to).
 */
function exercised(
  link: OperationLink,
  feeds: Map<string, OperationLink[]>,
  records: Map<string, StepRecord>,
): boolean {
  const from = records.get(link.from);
  const to = records.get(link.to);
  const fed = feeds.get(`${link.to} ${link.parameter}`) ?? [];
  if (!fed.some((f) => f.from === link.from && f.source === link.source) || !from?.ok || !to?.ok)
    return false;
  const given =
    'body' in link.value
      ? pointerGet(from.response?.body, link.value.body)
      : lastSegment(from.response?.headers?.[link.value.header] ?? '');
  return given !== undefined && String(to.request?.path?.[link.parameter]) === String(given);
}
