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
export type Session = Schemas['SessionView'] & Contract23Session;

export type BagItem = Schemas['BagItem'];
/** POST /api/bag: a product in a size and colour (null without them), 1 unless said. */
export type AddToBagInput = Schemas['AddBody'];
/** POST /api/saved/{product}/move-to-bag: the size and colour chosen (left out without them). */
export type MoveToBagBody = Schemas['MoveBody'];
export type Bag = Schemas['Bag'];
export type SavedItem = Schemas['SavedItem'];

export type Suggestion = Schemas['Suggestion'];
/** How the search results page is ordered. */
export type SearchSort = NonNullable<NonNullable<operations['results']['parameters']['query']>['sort']>;

/** A plain `{message}` answer (forgot, reset, admin grant, contact). */
export type MessageBody = Schemas['MessageBody'];
/** POST /api/auth/login, POST /api/auth/reset, POST /api/contact. */
export type LoginInput = Schemas['LoginBody'];
export type ResetInput = Schemas['ResetBody'];
export type ContactInput = Schemas['ContactForm'];
/** The multipart forms of sign-up and My Account (their files are `binary` strings in the document). */
export type SignupForm = Schemas['SignupForm'];
export type AccountForm = Schemas['AccountForm'];
/** Every error body the server sends. */
export type ErrorBody = Schemas['Error'];

export type Address = Schemas['Address'];
export type Customer = Schemas['Customer'];
export type OrderStatus = Schemas['OrderStatus'] | Contract23Status;
export type OrderItem = Schemas['OrderItem'];
export type Order = Omit<Schemas['Order'], 'status'> & { status: OrderStatus } & Contract23OrderPayment;
/** GET /api/orders/track: an order found by its number and the e-mail it was placed with. */
export type TrackedOrder = Omit<Schemas['TrackedOrder'], 'status'> & { status: OrderStatus } & Contract23TrackedPayment;
/** GET /api/orders/track's query: the order's number and the e-mail it was placed with. */
export type TrackRequest = NonNullable<operations['track']['parameters']['query']>;
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
export type CheckoutQuote = Schemas['CheckoutQuote'] & Contract23Quote;
export type Breakdown = Schemas['Breakdown'];
export type DeliveryMethod = Schemas['Method'];
export type Zone = Schemas['Zone'] & Contract23PayOnDeliveryZone;
export type Verification = Schemas['Verification'];
/** POST /api/payments/verify's outcome (`data`): the order when paid, else why not. */
export type VerifiedPayment = Omit<Schemas['VerifiedPayment'], 'order'> & { order: Order | null } & Contract23Verified;
/** POST /api/checkout/quote: a state, delivery or pickup, and a code to try. */
export type QuoteRequest = Schemas['QuoteBody'];
/** POST /api/checkout: who, where, how, the code and the total the shopper was shown. */
export type StartBody = Schemas['StartBody'] & Contract23StartBody;
export type TestPayment = Schemas['TestPayment'] & Contract23TestPayment;
export type TestCardResult = Schemas['TestCardResult'];

export type AdminOrder = Omit<Schemas['AdminOrder'], 'status' | 'nextStatuses'> & {
  status: OrderStatus;
  nextStatuses: OrderStatus[];
} & Contract23OrderPayment;
/** PATCH /api/admin/orders/{id}: the next status; shipped needs a tracking number. */
export type OrderUpdate = Schemas['UpdateBody'];
/** GET /api/admin/orders's query: a status, a special list, a page. */
export type AdminOrdersQuery = NonNullable<operations['admin_list']['parameters']['query']>;
export type AdminOrderPage = Omit<Schemas['AdminOrderPage'], 'orders'> & { orders: Order[] };
export type PaymentReview = Schemas['PaymentReview'];
export type ContactMessage = Schemas['ContactMessage'];

/** GET /api/delivery: the states, the delivery zones (kobo) and pickup; PUT /api/admin/delivery's answer. */
export type DeliveryOptions = Omit<Schemas['DeliveryOptions'], 'zones' | 'pickup'> & { zones: Zone[]; pickup: Pickup };
export type DeliveryZone = Zone;
export type Pickup = Schemas['Pickup'] & Contract23PayOnDeliveryZone;
/** PUT /api/admin/delivery: every zone and pickup at once, fees in naira as typed. */
export type DeliveryOptionsInput = Omit<Schemas['OptionsInput'], 'zones' | 'pickup'> & {
  zones: DeliveryZoneInput[];
  pickup: Schemas['Pickup'] & Contract23PayOnDeliveryInput;
};
export type DeliveryZoneInput = Schemas['ZoneInput'] & Contract23PayOnDeliveryInput;
/** GET /api/admin/discounts: a code with what it has done; POST's body. */
export type DiscountCode = Schemas['CodeSummary'];
export type DiscountKind = Schemas['Kind'];
export type NewDiscountCode = Schemas['NewCode'];

/** A variant as the back office sends it (PATCH /api/products/{id}, the add form's `variants`). */
export type VariantInput = Schemas['VariantInput'];
/** PATCH /api/products/{id}: only the fields sent change. */
export type ProductEdit = Schemas['ProductEdit'];
/** The back office's multipart forms (pictures as files). */
export type ProductForm = Schemas['ProductForm'];
export type ReleaseForm = Schemas['ReleaseForm'];
export type CollectionForm = Schemas['CollectionForm'];
export type CollectionEditForm = Schemas['CollectionEditForm'];
export type ColorImagesForm = Schemas['ColorImagesForm'];
export type AboutForm = Schemas['AboutForm'];
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
export type Dashboard = Schemas['Dashboard'] & Contract23Dashboard;
export type DashboardPeriod = Schemas['Period'];
export type DayFigures = Schemas['DayFigures'];
export type BestSeller = Schemas['BestSeller'];
export type LowStockVariant = Schemas['LowStockVariant'];
/** GET /api/admin/settings: what the merchant decides (kobo for amounts). */
export type ShopSettings = Schemas['Settings'] & Contract23Settings;
/** PATCH /api/admin/settings: only the fields sent change. */
export type ShopSettingsChange = Schemas['SettingsChange'] & Partial<Contract23Settings>;

// ---------- contract-23: until api.gen.ts has it ----------
// What issue 23's back end adds to the answers and bodies above (/work/briefs/contract-23.md),
// written by hand while the back end is being built. Once it lands and api.gen.ts is regenerated,
// delete this block (and lib/contract23.ts), point the names above back at their schemas, and
// let the type check show what to adjust.

/** contract-23: a Paystack channel the pop-up may offer. */
export type PaymentChannel = 'card' | 'bank' | 'ussd' | 'bank_transfer' | 'qr';
/** contract-23: how an order is paid: through Paystack now, or to the rider (or at pickup). */
export type PaymentMethod = 'paystack' | 'pay_on_delivery';
/** contract-23: how a pay-on-delivery order's money came in. */
export type CollectedBy = 'cash' | 'transfer' | 'pos';
/** contract-23: a zone's (or pickup's) pay on delivery, `maxTotal` in kobo. */
export type PayOnDelivery = { enabled: boolean; maxTotal: number };
/** contract-23: the quote's pay on delivery: offered, or why not when the zone allows it (null: not at all). */
export type PayOnDeliveryOffer = { offered: boolean; reason: string | null };
/** contract-23: POST /api/checkout's answer for pay on delivery: the order, placed already. */
export type PlacedOrder = { order: Order };
/** contract-23: POST /api/admin/orders/{id}/collect: naira as typed, and how it came in. */
export type CollectBody = { amount: string; method: CollectedBy };
/** contract-23: POST /api/auth/keep-account: a guest keeps their details as an account. */
export type KeepAccountBody = { password: string; confirmPassword: string };

// contract-23: until api.gen.ts has it
type Contract23Session = {
  /** The shop lets visitors buy without an account. */
  guestCheckout: boolean;
  /** This visitor has a guest bag (then `user` is null and `counts.bag` is that bag's count). */
  guest: boolean;
};
// contract-23: until api.gen.ts has it
type Contract23Status = 'placed' | 'refused';
// contract-23: until api.gen.ts has it
type Contract23OrderPayment = {
  paymentMethod: PaymentMethod;
  paymentChannel: string | null;
  /** Kobo: a pay-on-delivery order's total until collected, else 0. */
  toCollect: number;
  collectedAt: number | null;
  collectedAmount: number | null;
  collectedBy: CollectedBy | null;
};
// contract-23: not in the contract for tracking; shown when the server sends it.
type Contract23TrackedPayment = Partial<Pick<Contract23OrderPayment, 'paymentMethod' | 'toCollect'>>;
// contract-23: until api.gen.ts has it
type Contract23Quote = { payOnDelivery: PayOnDeliveryOffer };
// contract-23: until api.gen.ts has it
type Contract23PayOnDeliveryZone = { payOnDelivery: PayOnDelivery };
// contract-23: until api.gen.ts has it (absent means off)
type Contract23PayOnDeliveryInput = { payOnDelivery?: { enabled: boolean; maxTotal: string } };
// contract-23: until api.gen.ts has it
type Contract23StartBody = { paymentMethod?: PaymentMethod };
// contract-23: until api.gen.ts has it
type Contract23Verified = { channel: string | null };
// contract-23: until api.gen.ts has it
type Contract23TestPayment = { channels: string[] };
// contract-23: until api.gen.ts has it
type Contract23Dashboard = { toCollect: number; toCollectOrders: number };
// contract-23: until api.gen.ts has it
type Contract23Settings = {
  guestCheckout: boolean;
  channels: PaymentChannel[];
  transferHoldMinutes: number;
  payOnDeliveryOpenLimit: number;
};
