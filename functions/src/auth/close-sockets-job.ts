/** The job lives in core (core/auth/close-sockets-job.ts): the team area's suspension writes it too. */
export { closeSocketsJobKind, closeSocketsJobPart, type CloseSocketsPayload } from '../core/auth/close-sockets-job';
