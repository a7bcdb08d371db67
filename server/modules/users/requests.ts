// What the users module's route files read from a request.
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Caller } from './manage.ts';

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.auth.sub,
  role: request.auth.role,
  organisation: request.organisation,
});
