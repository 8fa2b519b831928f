import { getTeamEndpoint, inviteStaffEndpoint, removeStaffEndpoint, setLeadEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { MonasteryTeamService } from './monastery-team.service.ts';

/** A monastery's own team, and the administrator's lead flag (docs/decisions/041). */
export const monasteryTeamRoutes: FastifyPluginAsync<{ team: MonasteryTeamService }> = async (
  app,
  { team },
) => {
  route(app, getTeamEndpoint, (request) => team.list(viewerOf(request)));
  route(app, inviteStaffEndpoint, (request) => team.invite(viewerOf(request), request.body));
  route(app, removeStaffEndpoint, (request) => team.remove(viewerOf(request), request.params.id));
  route(app, setLeadEndpoint, (request) =>
    team.setLead(viewerOf(request), request.params.id, request.body.is_lead),
  );
};
