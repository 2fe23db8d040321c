import type { AppConfig } from '../config.ts';
import { CursorCodec } from '../lib/cursor.ts';
import { appWide } from '../lib/plugin.ts';
import { accessTokenKeys } from '../accounts/access-tokens.ts';
import { createAnalyticsService, type AnalyticsService } from '../analytics/analytics.ts';
import { createRevenueReports, type RevenueReports } from '../analytics/revenue.ts';
import { createAuthService, type AuthService } from '../accounts/auth.ts';
import { createCacheStore, type CacheStore } from '../infrastructure/cache.ts';
import { createCartService, type CartService } from '../cart/cart.ts';
import { createCatalogService, type CatalogService } from '../catalog/categories.ts';
import { issueWelcomeCoupon } from '../cart/coupon-ledger.ts';
import { createCouponService, type CouponService } from '../cart/coupons.ts';
import { createCartQuotes, type CartQuotes } from '../discounts/cart-quote.ts';
import { createDiscountAdmin, type DiscountAdmin } from '../discounts/discount-admin.ts';
import { createDownloadService, type DownloadService } from '../downloads/downloads.ts';
import type { JwtKeys } from '../accounts/jwt-keys.ts';
import { Jobs } from '../infrastructure/jobs/boss.ts';
import { MailJobs } from '../infrastructure/mail/mail-jobs.ts';
import { mailRetryDelay } from '../infrastructure/jobs/queues.ts';
import { BackgroundMailer } from '../infrastructure/mail/background.ts';
import { MailDeliveries } from '../infrastructure/mail/deliveries.ts';
import type { Mailer } from '../infrastructure/mail/mailer.ts';
import { OutboxMailer } from '../infrastructure/mail/outbox.ts';
import { SmtpMailer } from '../infrastructure/mail/smtp.ts';
import { createOrderService, type OrderService } from '../checkout/orders.ts';
import { createPaymentService, type PaymentService } from '../checkout/payments.ts';
import { createRefundService, type RefundService } from '../checkout/refunds.ts';
import { createLocalProvider, type LocalProvider } from '../checkout/providers/local.ts';
import type { PaymentProvider } from '../checkout/providers/provider.ts';
import { createStripeProvider } from '../checkout/providers/stripe.ts';
import { createPasswordService, type PasswordService } from '../accounts/password-flows.ts';
import { createRateLimitStore, type RateLimitStore } from '../infrastructure/rate-limit-store.ts';
import { createPreviewRenditions, type PreviewRenditions } from '../catalog/preview-renditions.ts';
import { createProductService, type ProductService } from '../catalog/products.ts';
import { SaleEndJobs } from '../catalog/sale-end.ts';
import { requestLimiter } from '../infrastructure/request-limit.ts';
import { FileUpdateJobs } from '../catalog/file-update-jobs.ts';
import { createUpdateMailOptOut, type UpdateMailOptOut } from '../accounts/update-mail-opt-out.ts';
import { CATALOG_CACHE } from '../catalog/catalog-version.ts';
import { createPublicCatalog, type PublicCatalog } from '../catalog/public-catalog.ts';
import { ResponseCache } from '../infrastructure/response-cache.ts';
import { createSearchService, type SearchService } from '../catalog/search/search.ts';
import { SessionCache } from '../accounts/session-cache.ts';
import { createSessions, type SessionService } from '../accounts/sessions.ts';
import { RatingPriorJobs } from '../reviews/rating-prior.ts';
import { hideRefundedReviews, showRestoredReviews } from '../reviews/refund-hiding.ts';
import { createReviewModeration, type ReviewModeration } from '../reviews/review-moderation.ts';
import { createReviewService, type ReviewService } from '../reviews/reviews.ts';
import { createStorage, type FileStorage } from '../infrastructure/storage/index.ts';
import { KeyVault } from '../licenses/key-vault.ts';
import { createLicenseApi, type LicenseApi } from '../licenses/license-api.ts';
import { LicenseTokens } from '../licenses/license-tokens.ts';
import { createLicenseService, type LicenseService } from '../licenses/licenses.ts';

export interface Services {
  /** The background jobs (pg-boss); `plugins/jobs.ts` starts and stops them. */
  jobs: Jobs;
  /** Queues every mail as a job; its workers deliver through `mailRelay`. */
  mailer: MailJobs;
  /** The SMTP relay or the outbox itself (the mail jobs send through it). */
  mailRelay: Mailer;
  /** Mail queued after the answer (order confirmations). */
  backgroundMail: BackgroundMailer;
  outbox: OutboxMailer | null;
  limits: RateLimitStore;
  sessions: SessionService;
  /** Signs and verifies the access-token JWTs (keys imported once, not per request). */
  accessTokenKeys: JwtKeys;
  auth: AuthService;
  passwords: PasswordService;
  storage: FileStorage;
  cache: CacheStore;
  catalog: CatalogService;
  products: ProductService;
  /** A new file reaching its buyers: the fan-out job (`catalog/file-update-jobs.ts`). */
  fileUpdates: FileUpdateJobs;
  /** The one-click opt-out link of update mails. */
  updateMailOptOut: UpdateMailOptOut;
  /** WebP renditions of the product previews. */
  previews: PreviewRenditions;
  /** Cached, serialized public catalog reads. */
  publicCatalog: PublicCatalog;
  /** Public product search (full text, typo tolerant). */
  search: SearchService;
  /**
   * Serialized search answers under the catalog's version (any product change drops them), in
   * a byte bound of their own: anyone can ask for new searches, and a flood of them must not
   * evict the category pages.
   */
  searchPages: ResponseCache;
  cart: CartService;
  coupons: CouponService;
  /** The admin's discount codes. */
  discounts: DiscountAdmin;
  /** The cart priced with a code, as checkout prices it (the quote and the coupon box). */
  quotes: CartQuotes;
  orders: OrderService;
  payments: PaymentService;
  /** Admin refunds, and the provider's refund and dispute events. */
  refunds: RefundService;
  downloads: DownloadService;
  /** Product reviews: the lists, the buyers' own, helpful votes. */
  reviews: ReviewService;
  /** The admin's side of reviews: the store's list, replies, hiding. */
  reviewModeration: ReviewModeration;
  /** The store's mean rating and the scores that follow it, as a background job. */
  ratingPrior: RatingPriorJobs;
  /** Sales whose end has come get their regular price back, as a background job. */
  saleEnd: SaleEndJobs;
  analytics: AnalyticsService;
  /** Revenue per product and per discount code over a range of days. */
  revenue: RevenueReports;
  /** The built-in provider's hosted page, when it is the configured provider. */
  localCheckout: LocalProvider | null;
  /** License keys: issued with their orders, the owner's devices, refunds, the idle sweep. */
  licenses: LicenseService;
  /** The public license API (activate, validate, deactivate) and the admin's license calls. */
  licenseApi: LicenseApi;
  /** Signs activation tokens; the JWKS. */
  licenseTokens: LicenseTokens;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    services: Services;
  }
}

export interface ServiceOverrides {
  mailer?: Mailer;
  limits?: RateLimitStore;
  storage?: FileStorage;
  cache?: CacheStore;
}

export default appWide<{ config: AppConfig; overrides?: ServiceOverrides }>(
  async (app, options) => {
    const { config } = options;
    const outbox = config.smtpUrl ? null : new OutboxMailer(config.outboxDir, app.log);
    const relay: Mailer =
      options.overrides?.mailer ??
      outbox ??
      new SmtpMailer(config.smtpUrl!, config.mailFrom, config.smtpTimeoutMs);
    const jobs = new Jobs(
      app.database,
      { maintenanceIntervalSeconds: config.jobsMaintenanceIntervalSeconds },
      app.log,
    );
    // Every mail is a job: a request only queues it, a worker delivers (and retries) it.
    const mailer = new MailJobs(jobs, relay, new MailDeliveries(app.db), app.log, {
      giveUpAfterSeconds: config.mailGiveUpAfterSeconds,
      retryDelaySeconds: mailRetryDelay(config),
    });
    const limits = options.overrides?.limits ?? createRateLimitStore(config.redisUrl, app.log);
    const cache = options.overrides?.cache ?? createCacheStore(config.redisUrl, app.log);
    const sessionCache = new SessionCache(cache, {
      ttlSeconds: config.sessionCacheTtlSeconds,
      maxEntries: 10_000,
      log: app.log,
    });
    const sessions = createSessions(app.db, config, sessionCache, app.log);
    const deps = {
      db: app.db,
      config,
      mailer,
      limits,
      sessions,
      log: app.log,
      onFirstVerified: issueWelcomeCoupon,
    };
    const auth = createAuthService(deps);
    const passwords = createPasswordService(deps, auth);
    const storage = options.overrides?.storage ?? createStorage(config.storage);
    const catalog = createCatalogService(app.db);
    const previews = createPreviewRenditions({ storage, log: app.log });
    // From the token secret: a cursor handed out by one instance pages on every other one.
    const cursors = new CursorCodec(config.tokenSecret);
    const updateMailOptOut = createUpdateMailOptOut({ db: app.db, config });
    const fileUpdates = new FileUpdateJobs({
      db: app.db,
      jobs,
      mail: mailer,
      optOut: updateMailOptOut,
      config,
      log: app.log,
    });
    const products = createProductService({
      db: app.db,
      config,
      storage,
      cache,
      cursors,
      log: app.log,
      fileUpdates,
    });
    const publicCatalog = createPublicCatalog(
      new ResponseCache(cache, CATALOG_CACHE, {
        ttlSeconds: config.featuredCacheTtlSeconds,
        maxBytes: config.catalogCacheMaxBytes,
        log: app.log,
      }),
      products,
      catalog,
      cursors,
    );
    const cart = createCartService(app.db, config);
    const coupons = createCouponService(app.db);
    const discounts = createDiscountAdmin({ db: app.db, cursors });
    const quotes = createCartQuotes(app.db);
    const backgroundMail = new BackgroundMailer(mailer, app.log);
    const vault = new KeyVault(config.licenses.keySecret);
    const licenses = createLicenseService({ db: app.db, config, vault, log: app.log });
    const orders = createOrderService({
      db: app.db,
      config,
      cursors,
      mail: backgroundMail,
      log: app.log,
      metrics: app.metrics,
      licenses,
    });
    const { payments: paymentsConfig } = config;
    let localCheckout: LocalProvider | null = null;
    let provider: PaymentProvider;
    if (paymentsConfig.provider === 'local') {
      localCheckout = createLocalProvider(app.db, paymentsConfig);
      provider = localCheckout.provider;
    } else {
      provider = createStripeProvider(paymentsConfig);
    }
    const refunds = createRefundService({
      db: app.db,
      // A refund that leaves a reviewer without the product hides the review; a failed one
      // shows it again. Product pages carry the rating summary: they are dropped after.
      access: {
        revoked: hideRefundedReviews,
        restored: showRestoredReviews,
        changed: products.invalidateCatalog,
      },
      provider,
      orders,
      config,
      mail: backgroundMail,
      log: app.log,
    });
    const payments = createPaymentService({
      db: app.db,
      provider,
      orders,
      refunds,
      log: app.log,
      limitFreeOrders: requestLimiter(
        limits,
        'free-order',
        config.limits.freeOrders,
        'Too many free orders. Please try again later.',
      ),
    });
    const downloads = createDownloadService({
      db: app.db,
      config,
      cursors,
      storage,
      log: app.log,
      metrics: app.metrics,
      licenses,
    });
    const reviewDeps = { db: app.db, cursors, invalidateCatalog: products.invalidateCatalog };
    const licenseTokens = new LicenseTokens(config.licenses);
    const licenseApi = createLicenseApi({
      db: app.db,
      config,
      vault,
      tokens: licenseTokens,
      cursors,
    });
    const analytics = createAnalyticsService(app.db);

    app.decorate('config', config);
    app.decorate('services', {
      jobs,
      mailer,
      mailRelay: relay,
      backgroundMail,
      outbox,
      limits,
      sessions,
      accessTokenKeys: accessTokenKeys(config),
      auth,
      passwords,
      storage,
      cache,
      catalog,
      products,
      fileUpdates,
      updateMailOptOut,
      previews,
      publicCatalog,
      search: createSearchService({ db: app.db, config, cursors }),
      searchPages: new ResponseCache(cache, CATALOG_CACHE, {
        ttlSeconds: config.featuredCacheTtlSeconds,
        maxBytes: Math.ceil(config.catalogCacheMaxBytes / 4),
        log: app.log,
      }),
      cart,
      coupons,
      discounts,
      quotes,
      orders,
      payments,
      refunds,
      downloads,
      reviews: createReviewService({ ...reviewDeps, downloads }),
      reviewModeration: createReviewModeration(reviewDeps),
      ratingPrior: new RatingPriorJobs({
        ...reviewDeps,
        jobs,
        intervalSeconds: config.ratingPriorIntervalSeconds,
        log: app.log,
      }),
      saleEnd: new SaleEndJobs({
        db: app.db,
        jobs,
        intervalSeconds: config.saleEndIntervalSeconds,
        invalidateCatalog: products.invalidateCatalog,
        log: app.log,
      }),
      analytics,
      revenue: createRevenueReports(app.db, cursors),
      localCheckout,
      licenses,
      licenseApi,
      licenseTokens,
    });
    // Injected stores belong to the caller (tests share one between two apps).
    app.addHook('onClose', async () => {
      // After the jobs' close (plugins/jobs.ts): no mail worker sends through the relay any more.
      await relay.close?.();
      await limits.close();
      if (!options.overrides?.storage) await storage.close();
      if (!options.overrides?.cache) await cache.close();
    });
  },
);
