/**
 * Contract conformance: how a call and its answer differ from the endpoint table, in one message
 * format. The mock's live validation and `portal contract-check` both judge with it.
 */
export { PROBLEMS_KEPT, Problems, formatPath, type ProblemPart } from './problems.ts';
export {
  listExample,
  queryShape,
  requestProblems,
  type CallInput,
  type CheckOptions,
  type QueryPairs,
} from './request.ts';
export {
  answerProblems,
  declaredStatuses,
  pagingProblems,
  type AnswerInput,
  type HeaderReader,
} from './answer.ts';
export { specLine } from './spec-lines.ts';
