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
/** The home page's sections as shoppers see them (the merchant's layout, resolved by the server). */
export type HomeView = Schemas['HomeView'];
export type SectionView = Schemas['SectionView'];
export type SlideView = Schemas['SlideView'];
export type ButtonView = Schemas['ButtonView'];
/** The home page's layout as the merchant writes it (the back office's editor). */
export type HomeLayout = Schemas['Home'];
export type HomeSection = Schemas['Section'];
export type HomeSlide = Schemas['Slide'];
export type HomeButton = Schemas['Button'];
export type HomeTarget = Schemas['Target'];
export type HomeEditor = Schemas['HomeEditor'];
export type CollectionPage = Schemas['CollectionPage'];
/** One of the shop's own pages (/pages/{slug}), its Markdown and the HTML rendered from it. */
export type ShopPage = Schemas['Page'];
export type PageBody = Schemas['PageBody'];
/** What each filter of a list would show, the other filters kept. */
export type Facets = Schemas['Facets'];
export type FacetValue = Schemas['FacetValue'];
/** A collection's size guide: headings and rows of short texts. */
export type SizeGuide = Schemas['SizeGuide'];
/** How a collection's products are ordered. */
export type CollectionSort = NonNullable<NonNullable<operations['collection_page']['parameters']['query']>['sort']>;

export type SessionUser = Schemas['SessionUser'];
export type SessionCounts = Schemas['Counts'];
/** GET /api/session, the copy embedded in index.html, and the answer of every auth endpoint. */
export type Session = Schemas['SessionView'];

export type BagItem = Schemas['BagItem'];
/** POST /api/bag: a product in a size and colour (null without them), 1 unless said. */
export type AddToBagInput = Schemas['AddBody'];
/** POST /api/saved/{id}/move-to-bag: the size and colour chosen (left out without them). */
export type MoveToBagBody = Schemas['MoveBody'];
export type Bag = Schemas['Bag'];
export type SavedItem = Schemas['SavedItem'];

export type Suggestion = Schemas['Suggestion'];
/** GET /api/search: the products shown, how many the filters keep, the facets, and whether they match only some of the words. */
export type SearchResults = Schemas['SearchResults'];
/** The merchant's search words: groups of words that mean the same (GET and PUT /api/admin/search/synonyms). */
export type SynonymList = Schemas['SynonymList'];
export type SynonymGroup = Schemas['SynonymGroup'];
/** The Feeds screen: the feeds' addresses, item count, refused products and who the items are for. */
export type FeedsView = Schemas['FeedsView'];
export type FeedGender = Schemas['Gender'];
export type FeedAgeGroup = Schemas['AgeGroup'];
export type CollectionAudience = Schemas['CollectionAudience'];
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
export type OrderStatus = Schemas['OrderStatus'];
export type OrderItem = Schemas['OrderItem'];
export type Order = Schemas['Order'];
/** GET /api/orders/track: an order found by its number and the e-mail it was placed with. */
export type TrackedOrder = Schemas['TrackedOrder'];
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
export type CheckoutQuote = Schemas['CheckoutQuote'];
export type Breakdown = Schemas['Breakdown'];
export type DeliveryMethod = Schemas['Method'];
export type Zone = Schemas['Zone'];
export type Verification = Schemas['Verification'];
/** POST /api/payments/verify's outcome (`data`): the order when paid, else why not. */
export type VerifiedPayment = Schemas['VerifiedPayment'];
/** POST /api/checkout/quote: a state, delivery or pickup, and a code to try. */
export type QuoteRequest = Schemas['QuoteBody'];
/** POST /api/checkout: who, where, how, the code and the total the shopper was shown. */
export type StartBody = Schemas['StartBody'];
export type TestPayment = Schemas['TestPayment'];
export type TestCardResult = Schemas['TestCardResult'];

/** The whole order, for roles that see its money and customer (`view: 'full'`). */
export type AdminOrder = Schemas['AdminOrder'];
/** An order as packing and shipping need it (`view: 'packing'`): no money, e-mail or account. */
export type PackingOrder = Schemas['PackingOrderDetail'];
export type PackedItem = Schemas['PackedItem'];
/** GET /api/admin/orders/{id} and the writes that answer it: the order as the role may see it. */
export type StaffOrder = Schemas['StaffOrder'];
/** An order in the orders list and the pick list, as the role may see it. */
export type ListedOrder = Schemas['ListedOrder'];
/** Who took a shipped order: a courier (tracking number needed) or the shop's own rider. */
export type ShippedBy = NonNullable<Order['shippedBy']>;

/** The shop's riders (issue 36): as the dispatcher sees them, one order's delivery, a stop of a round. */
export type Rider = Schemas['Rider'];
export type Delivery = Schemas['Delivery'];
export type OrderDelivery = Schemas['OrderDelivery'];
export type RiderAnswer = Schemas['RiderAnswer'];
export type Stop = Schemas['Stop'];
export type StopAnswer = Schemas['StopAnswer'];
/** Giving an order (its link, for a rider without an account), many at once, a handover photo. */
export type GivenAnswer = Schemas['GivenAnswer'];
export type GivenMany = Schemas['GivenMany'];
export type GivenOne = Schemas['GivenOne'];
export type HandoverPhotoForm = Schemas['HandoverPhotoForm'];
export type OrderEvent = Schemas['OrderEvent'];
/** Couriers (issue 36 §2): a booking as the order screen shows it, its steps, the label, bulk booking. */
export type Shipment = Schemas['Shipment'];
export type ShipmentStatus = Shipment['status'];
export type ShipmentEvent = Schemas['ShipmentEvent'];
export type OrderShipment = Schemas['OrderShipment'];
export type ShipmentAnswer = Schemas['ShipmentAnswer'];
export type ShippingLabel = Schemas['Label'];
export type BulkBooking = Schemas['BulkBooking'];
/** The courier carrying an order, as its tracking page shows it. */
export type TrackedShipment = Schemas['Tracked'];
/** GET /api/auth/invite: the e-mail and role an invitation's link offers. */
export type InviteView = Schemas['InviteView'];
export type StaffInvite = Schemas['Invite'];
/** A pay link's page (no login: the token is the key), the link itself, and the pick list. */
export type PayPage = Schemas['PayPage'];
export type PayLink = Schemas['PayLink'];
export type PickList = Schemas['PickList'];
export type PickLine = Schemas['PickLine'];
/** PATCH /api/admin/orders/{id}: the next status; shipped by a courier needs a tracking number. */
export type OrderUpdate = Schemas['UpdateBody'];
/** GET /api/admin/orders's query: a status, a special list, a page, a search. */
export type AdminOrdersQuery = NonNullable<operations['admin_list']['parameters']['query']>;
export type AdminOrderPage = Schemas['AdminOrderPage'];
export type PaymentReview = Schemas['PaymentReview'];
export type ContactMessage = Schemas['ContactMessage'];
export type FailedMail = Schemas['FailedMail'];
/** SMS and WhatsApp order updates: the Messages settings, one event's, a preview, an order's messages. */
export type MessagesView = Schemas['MessagesView'];
export type MessageSettings = Schemas['MessageSettings'];
export type EventSetting = Schemas['EventSetting'];
export type EventKind = Schemas['EventKind'];
export type MessagePreview = Schemas['MessagePreview'];
export type OrderMessage = Schemas['OrderMessage'];
export type Subscribed = Schemas['Subscribed'];

/** GET /api/delivery: the states, the delivery zones (kobo) and pickup; PUT /api/admin/delivery's answer. */
export type DeliveryOptions = Schemas['DeliveryOptions'];
export type DeliveryZone = Zone;
export type Pickup = Schemas['Pickup'];
/** PUT /api/admin/delivery: every zone and pickup at once, fees in naira as typed. */
export type DeliveryOptionsInput = Schemas['OptionsInput'];
export type DeliveryZoneInput = Schemas['ZoneInput'];
export type PickupInput = Schemas['PickupInput'];
/** A zone's (or pickup's) pay on delivery as the admin sends it: the maximum in naira as typed (absent: off). */
export type PayOnDeliveryInput = Schemas['PayOnDeliveryInput'];
/** GET /api/admin/discounts: a code with what it has done; POST's body. */
export type DiscountCode = Schemas['CodeSummary'];
export type DiscountKind = Schemas['Kind'];
export type NewDiscountCode = Schemas['NewCode'];
/** Gift cards and store credit (issue 35 §3). */
export type GiftCard = Schemas['GiftCard'];
export type IssuedCard = Schemas['IssuedCard'];
export type NewGiftCard = Schemas['NewGiftCard'];
export type CardBalance = Schemas['CardBalance'];
export type AccountCredit = Schemas['AccountCredit'];
export type CreditEntry = Schemas['CreditEntry'];
export type CreditOffer = Schemas['CreditOffer'];
export type GiftCardOffer = Schemas['GiftCardOffer'];
export type TenderReturn = Schemas['TenderReturn'];

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
export type PhotosForm = Schemas['PhotosForm'];
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
export type Dashboard = Schemas['Dashboard'];
export type DashboardPeriod = Schemas['Period'];
export type DayFigures = Schemas['DayFigures'];
export type BestSeller = Schemas['BestSeller'];
export type LowStockVariant = Schemas['LowStockVariant'];
/** GET /api/admin/settings: what the merchant decides (kobo for amounts). */
export type ShopSettings = Schemas['Settings'];
export type Identity = Schemas['Identity'];
export type BrandView = Schemas['BrandView'];
export type IdentityView = Schemas['IdentityView'];
export type FontPair = Schemas['FontPair'];
/** PATCH /api/admin/settings: only the fields sent change. */
export type ShopSettingsChange = Schemas['SettingsChange'];

/** A Paystack channel the pop-up may offer. */
export type PaymentChannel = Schemas['Channel'];
/** How an order is paid: through Paystack now, or to the rider (or at pickup). */
export type PaymentMethod = Schemas['PaymentMethod'];
/** How a pay-on-delivery order's money came in. */
export type CollectedBy = Schemas['CollectedBy'];
/** A zone's (or pickup's) pay on delivery, `maxTotal` in kobo. */
export type PayOnDelivery = Schemas['PayOnDelivery'];
/** The quote's pay on delivery: offered, or why not when the zone allows it (`reason` null: not at all). */
export type PayOnDeliveryOffer = Schemas['PayOnDeliveryOffer'];
/** POST /api/checkout's answer: the payment the pop-up opens, or the order placed to pay on delivery. */
export type CheckoutStarted = Schemas['CheckoutStarted'];
export type PlacedOrder = Schemas['PlacedOrder'];
/** POST /api/admin/orders/{id}/collect: naira as typed, and how it came in. */
export type CollectBody = Schemas['CollectBody'];
/** POST /api/auth/keep-account: a guest keeps their details as an account. */
export type KeepAccountBody = Schemas['KeepAccountBody'];
/** POST /api/orders/claim: the token of the link mailed to the account's e-mail; answers My Orders. */
export type ClaimBody = Schemas['ClaimBody'];
export type MyOrders = Schemas['MyOrders'];

/** POST /api/admin/orders: an order taken in a chat (customer, lines, delivery, deposit, notes, source). */
export type ChatOrder = Schemas['ChatOrder'];
export type ChatLine = Schemas['ChatLine'];
export type ChatDelivery = Schemas['ChatDelivery'];
/** The order made (or given a new link) and its pay link, `{public-url}/pay/{token}`. */
export type ChatOrderMade = Schemas['ChatOrderMade'];
/** Where an order came from: the website, WhatsApp, Instagram or the shop. */
export type OrderSource = Schemas['Source'];
/** GET /api/admin/customers: one customer (an account, or orders grouped by e-mail or phone). */
export type CustomerSummary = Schemas['CustomerSummary'];
export type CustomerPage = Schemas['CustomerPage'];
/** GET /api/admin/customers/{key}: the customer and their orders. */
export type CustomerOrders = Schemas['CustomerOrders'];
/** GET /api/admin/staff: everyone with a role. */
export type StaffMember = Schemas['StaffMember'];
/** GET /api/admin/activity: who changed what, newest first. */
export type ActivityEntry = Schemas['Activity'];

/** Whether checkout asks for a postal code (the merchant's setting). */
export type PostalCodeRule = Schemas['PostalCode'];
/** How a pay-on-delivery order from a new customer is confirmed: by the shop's call, or a code. */
export type ConfirmChannel = Schemas['ConfirmChannel'];
/** A pay-on-delivery order's confirmation: its channel, by when, and when it was. */
export type OrderConfirmation = Schemas['Confirmation'];
/** POST /api/orders/confirm's answer. */
export type OrderConfirmed = Schemas['Confirmed'];

// Returns and exchanges (issue 35).
export type ReturnOptions = Schemas['ReturnOptions'];
export type ReturnLineOption = Schemas['LineOption'];
export type ReturnRequest = Schemas['Return'];
export type ReturnAsk = Schemas['ReturnAsk'];
export type ReturnForm = Schemas['ReturnForm'];
export type ProductRules = Schemas['ProductRules'];
export type ReturnFigures = Schemas['ReturnFigures'];
export type ReturnReason = ReturnAsk['reason'];
export type ReturnWants = ReturnAsk['wants'];
export type ReturnStatus = ReturnRequest['status'];
export type ReturnSendBack = NonNullable<ReturnRequest['sendBack']>;
export type ReturnCondition = NonNullable<ReturnRequest['condition']>;
/** Which order a return is about: the signed-in customer's own, or one found by number and contact. */
export type ReturnWho = { order: string } | { number: string; email?: string; phone?: string };
