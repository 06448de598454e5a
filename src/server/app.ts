import Fastify, { type FastifyServerFactory } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import brandImagesRoutes from './features/brand-images/brand-images.routes.ts';
import certificatesRoutes from './features/certificates/certificates.routes.ts';
import contactRoutes from './features/contact/contact.routes.ts';
import contentRoutes from './features/content/content.routes.ts';
import siteContent from './features/content/site-content.ts';
import contentSync from './features/content-editor/content-sync.ts';
import credentialsRoutes from './features/credentials/credentials.routes.ts';
import issuer from './features/credentials/issuer.ts';
import { publicECertPdfRoutes } from './features/e-cert-pdf/e-cert-pdf.routes.ts';
import feedbackRoutes from './features/feedback/feedback.routes.ts';
import filesRoutes from './features/files/files.routes.ts';
import healthRoutes from './features/health/health.routes.ts';
import metricsRoutes from './features/metrics/metrics.routes.ts';
import passwordResetRoutes from './features/password-reset/password-reset.routes.ts';
import setupRoutes from './features/setup/setup.routes.ts';
import signInOptionsRoutes from './features/sign-in-options/sign-in-options.routes.ts';
import siteRoutes from './features/site/site.routes.ts';
import staffApi from './features/staff-api.ts';
import verificationRoutes from './features/verification/verification.routes.ts';
import { LIST_TURN_WAIT_MS, ListTurns } from './features/verifiers/list-turns.ts';
import verifierApi from './features/verifiers/verifier-api.ts';
import verifierApplicationsRoutes from './features/verifiers/verifier-applications.routes.ts';
import { publicVerifierReportRoutes } from './features/verifiers/verifier-reports.ts';
import walletRoutes from './features/wallet/wallet.routes.ts';
import { type LogDestination, loggerOptions, OneLinePerRequest } from './logger.ts';
import auth from './plugins/auth.ts';
import client, { type ClientSourceFactory } from './plugins/client.ts';
import core from './plugins/core.ts';
import errorHandler, { answerFrameworkError } from './plugins/error-handler.ts';
import files from './plugins/files.ts';
import loadShedding from './plugins/load-shedding.ts';
import metrics from './plugins/metrics.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import sameOrigin from './plugins/same-origin.ts';
import securityHeaders from './plugins/security-headers.ts';
import sharedState from './plugins/shared-state.ts';
import storableText from './plugins/storable-text.ts';
import verificationLimit from './plugins/verification-limit.ts';

/** One registered route, as the route-guard test walks them. */
export interface RouteEntry {
  method: string;
  url: string;
  /** `config.role` of the route: the role it needs beyond a staff session. */
  role?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this instance, recorded as it is added. */
    routeList: readonly RouteEntry[];
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout: tests read what the server logs. */
  logStream?: LogDestination;
  /** Where the pages come from: the build unless given (the dev server gives Vite). */
  client?: ClientSourceFactory;
  /** The HTTP server to answer on, for the dev server, whose Vite answers its own requests first. */
  serverFactory?: FastifyServerFactory;
}

/** Builds the whole server; tests call this with a real database and use `inject`. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  client: clientSource,
  serverFactory,
}: BuildOptions) {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    logController: new OneLinePerRequest(),
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Loading the page renderer took over Fastify's default 10 s on a 2-core machine under load.
    pluginTimeout: 60_000,
    frameworkErrors: answerFrameworkError,
    serverFactory,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart where files are uploaded); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Recorded before any plugin registers, so no route escapes the list the guard test walks.
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, role: route.config?.role });
    }
  });

  await app.register(core, { config, database });
  app.decorate('verifierLists', new ListTurns(LIST_TURN_WAIT_MS, () => app.requestsInFlight()));
  await app.register(siteContent);
  // Before every other hook, so a shed request costs as little as possible.
  await app.register(loadShedding);
  // First of the others, so its response hook counts every route and every refusal.
  await app.register(metrics);
  // Hooks and the error handler first: Fastify binds them to routes as those are registered.
  await app.register(securityHeaders);
  await app.register(sharedState);
  await app.register(rateLimit);
  await app.register(verificationLimit);
  await app.register(sameOrigin);
  await app.register(client, { source: clientSource });
  await app.register(errorHandler);
  await app.register(storableText);
  await app.register(files);
  await app.register(auth);
  await app.register(openapi);
  await app.register(issuer);
  await app.register(contentSync);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(siteRoutes);
  await app.register(contentRoutes);
  await app.register(contactRoutes);
  await app.register(feedbackRoutes);
  await app.register(verificationRoutes);
  await app.register(certificatesRoutes);
  await app.register(publicECertPdfRoutes);
  await app.register(credentialsRoutes);
  await app.register(walletRoutes);
  await app.register(filesRoutes);
  await app.register(brandImagesRoutes);
  await app.register(setupRoutes);
  await app.register(signInOptionsRoutes);
  await app.register(passwordResetRoutes);
  await app.register(verifierApplicationsRoutes);
  await app.register(publicVerifierReportRoutes);
  await app.register(staffApi);
  await app.register(verifierApi);

  return app;
}

/**
 * Fastify takes a list of proxy addresses as it is, but trusts no hop at all for a bare count (it
 * cannot check the peer); a count here means the nearest `count` hops are our proxies, as Express
 * reads it, and the instances are reachable only through them.
 */
function trustedHops(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
