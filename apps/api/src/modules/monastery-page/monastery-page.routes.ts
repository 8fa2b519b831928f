import {
  approvePageProposalEndpoint,
  getOwnMonasteryPageEndpoint,
  listPageProposalsEndpoint,
  MONASTERY_GALLERY_MAX,
  rejectPageProposalEndpoint,
  saveOwnMonasteryPageEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { MonasteryPageService } from './monastery-page.service.ts';

/** A monastery's own page, and the administrators' review of its changes (docs/decisions/046). */
export const monasteryPageRoutes: FastifyPluginAsync<{ pages: MonasteryPageService }> = async (
  app,
  { pages },
) => {
  route(app, getOwnMonasteryPageEndpoint, (request) => pages.read(viewerOf(request)));
  route(app, saveOwnMonasteryPageEndpoint, (request) => pages.save(viewerOf(request), request.body), {
    // A cover and the gallery's new pictures.
    config: { uploadFiles: 1 + MONASTERY_GALLERY_MAX },
  });
  route(app, listPageProposalsEndpoint, () => pages.listProposals());
  route(app, approvePageProposalEndpoint, (request) => pages.approve(viewerOf(request), request.params.id));
  route(app, rejectPageProposalEndpoint, (request) =>
    pages.reject(viewerOf(request), request.params.id, request.body.reason),
  );
};
