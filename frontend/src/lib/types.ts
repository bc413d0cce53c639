/**
 * Shapes of the JSON API under the names the app uses. Every one is generated from the Rust
 * handlers' OpenAPI document (`api.gen.ts`, by scripts/api-types.sh), so a field renamed on the
 * server breaks the type check here. Money is always integer kobo; times are unix milliseconds.
 */
import type { components, operations } from './api.gen';

type Schemas = components['schemas'];

export type Image = Schemas['Image'];
export type Collection = Schemas['Collection'];
export type Product = Schemas['Product'];
export type Variant = Schemas['Variant'];
export type ColorImages = Schemas['ColorImages'];
export type Release = Schemas['Release'];
export type About = Schemas['About'];
export type CollectionPage = Schemas['CollectionPage'];

export type SessionUser = Schemas['SessionUser'];
export type SessionCounts = Schemas['Counts'];
/** GET /api/session, the copy embedded in index.html, and the answer of every auth endpoint. */
export type Session = Schemas['SessionView'];

export type BagItem = Schemas['BagItem'];
export type Bag = Schemas['Bag'];
export type SavedItem = Schemas['SavedItem'];

export type Suggestion = Schemas['Suggestion'];
/** How the search results page is ordered. */
export type SearchSort = NonNullable<NonNullable<operations['results']['parameters']['query']>['sort']>;

/** A plain `{message}` answer (forgot, reset, admin grant, contact). */
export type MessageBody = Schemas['MessageBody'];
/** Every error body the server sends. */
export type ErrorBody = Schemas['Error'];

export type Address = Schemas['Address'];
export type Customer = Schemas['Customer'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderItem = Schemas['OrderItem'];
export type Order = Schemas['Order'];
/** GET /api/orders/track: an order found by its number and the e-mail it was placed with. */
export type TrackedOrder = Schemas['TrackedOrder'];
/** One refund of an order (My Orders, tracking, admin): kobo, oldest first on the order. */
export type Refund = Schemas['Refund'];
export type RefundStatus = Refund['status'];

/** GET /api/products/{id}/reviews?page=N and PUT /api/products/{id}/review's answer. */
export type ReviewPage = Schemas['ReviewPage'];
export type Review = Schemas['Review'];
/** PUT /api/products/{id}/review: the signed-in customer's one review of a product. */
export type ReviewRequest = Schemas['ReviewRequest'];

export type CheckoutDetails = Schemas['CheckoutDetails'];
export type PaymentMode = Schemas['PaymentMode'];
export type PaymentStart = Schemas['PaymentStart'];
export type CheckoutQuote = Schemas['CheckoutQuote'];
export type Breakdown = Schemas['Breakdown'];
export type DeliveryMethod = Schemas['Method'];
export type Zone = Schemas['Zone'];
export type Verification = Schemas['Verification'];
export type TestPayment = Schemas['TestPayment'];
export type TestCardResult = Schemas['TestCardResult'];

export type AdminOrder = Schemas['AdminOrder'];
export type AdminOrderPage = Schemas['AdminOrderPage'];
export type PaymentReview = Schemas['PaymentReview'];
export type ContactMessage = Schemas['ContactMessage'];

/** GET /api/delivery: the states, the delivery zones (kobo) and pickup; PUT /api/admin/delivery's answer. */
export type DeliveryOptions = Schemas['DeliveryOptions'];
export type DeliveryZone = Schemas['Zone'];
export type Pickup = Schemas['Pickup'];
/** PUT /api/admin/delivery: every zone and pickup at once, fees in naira as typed. */
export type DeliveryOptionsInput = Schemas['OptionsInput'];
export type DeliveryZoneInput = Schemas['ZoneInput'];
/** GET /api/admin/discounts: a code with what it has done; POST's body. */
export type DiscountCode = Schemas['CodeSummary'];
export type DiscountKind = Schemas['Kind'];
export type NewDiscountCode = Schemas['NewCode'];

/** A variant as the back office sends it (PATCH /api/products/{id}, the add form's `variants`). */
export type VariantInput = Schemas['VariantInput'];
/** GET /api/admin/stock: the Stock screen. */
export type StockPage = Schemas['StockPage'];
export type StockRow = Schemas['StockRow'];
export type StockFilter = NonNullable<NonNullable<operations['stock_list']['parameters']['query']>['show']>;
/** POST /api/admin/stock.csv: applied, or refused with the bad rows by line. */
export type StockImported = Schemas['Imported'];
export type StockImportRefused = Schemas['ImportRefused'];

/** POST /api/admin/orders/{id}/refunds: naira as typed, why, and the order lines whose units go back on sale. */
export type RefundRequest = Schemas['RefundRequest'];
/** GET /api/admin/reviews: reviews to moderate, with the product's name and the customer's e-mail. */
export type AdminReview = Schemas['AdminReview'];
export type AdminReviewPage = Schemas['AdminReviewPage'];
/** GET /api/admin/dashboard: the back office's home figures (kobo, Lagos days). */
export type Dashboard = Schemas['Dashboard'];
export type DashboardPeriod = Schemas['Period'];
export type DayFigures = Schemas['DayFigures'];
export type BestSeller = Schemas['BestSeller'];
export type LowStockVariant = Schemas['LowStockVariant'];
/** GET /api/admin/settings: what the merchant decides (kobo for amounts). */
export type ShopSettings = Schemas['Settings'];
/** PATCH /api/admin/settings: only the fields sent change. */
export type ShopSettingsChange = Schemas['SettingsChange'];
