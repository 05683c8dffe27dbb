// The dev set's novels a plan accepts as one project, shortest first, printed as one comma-separated
// line of folder names: what infra/k6/analysis.js cycles through (k6 cannot list a folder, so
// infra/scripts/loadtest-analysis.sh runs this and hands the line to k6 as NOVELS). Listed from the
// dev set's folder at run time, so no source names a novel of the corpus (issue 13).
//
//   node --conditions=@castbook/source --import tsx infra/scripts/pdnc-novels.ts [PLAN]   (default: free)
//
// Words are counted as the projects service counts them (countWords of @castbook/contracts), against
// the plan's words per project; a plan without a limit takes every novel. The folder is the one
// @castbook/test-kit/pdnc finds (CASTBOOK_PDNC_DIR overrides it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countWords, PLANS, type PlanId } from '@castbook/contracts';
import { pdncDir, pdncNovels } from '@castbook/test-kit/pdnc';

const planId = (process.argv[2] ?? 'free') as PlanId;
const plan = PLANS[planId];
if (!plan) throw new Error(`unknown plan ${planId}: one of ${Object.keys(PLANS).join(', ')}`);
const maxWords = plan.limits.maxWordsPerProject;

const novels = pdncNovels().filter(
  (novel) => maxWords === null || countWords(readFileSync(join(pdncDir(), novel, 'text.txt'), 'utf8')) <= maxWords,
);
if (!novels.length) throw new Error(`no novel of ${pdncDir()} fits the ${plan.name} plan`);
console.log(novels.join(','));
