/** Shapes of the JSON API. Money is always integer kobo; times are unix milliseconds. */

export type Image = {
  /** A mid-size variant, usable as a plain `src`. */
  url: string;
  /** "…-320.jpg 320w, …-640.jpg 640w, …-1024.jpg 1024w" */
  srcset: string;
  width: number;
  height: number;
};

export type Collection = {
  id: string;
  name: string;
  description: string;
  image: Image | null;
  createdAt: number;
  updatedAt: number;
};

export type Product = {
  id: string;
  name: string;
  description: string;
  /** kobo */
  price: number;
  images: Image[];
  featured: boolean;
  /** 0..5, one decimal */
  rating: number;
  reviewCount: number;
  collectionId: string;
  category: string | null;
  sizes: string[];
  colors: string[];
  createdAt: number;
};

export type Release = {
  id: string;
  name: string;
  description: string;
  /** kobo */
  price: number;
  backgroundImage: Image;
  collectionId: string;
  collectionName: string;
  productId: string;
  featured: boolean;
  createdAt: number;
};

export type About = {
  title: string;
  description1: string;
  description2: string;
  image1: Image | null;
  image2: Image | null;
  createdAt: number;
  updatedAt: number;
};

export type CollectionPage = {
  collection: Collection;
  products: Product[];
  page: number;
  pageSize: number;
  total: number;
};

export type SessionUser = {
  uid: string;
  displayName: string;
  email: string;
  /** The profile photo in its sizes, or null (a default avatar is drawn). */
  photoURL: Image | null;
  phoneNumber: string | null;
  admin: boolean;
  createdAt: number;
};

export type SessionCounts = { bag: number; saved: number; newOrders: number };

/** GET /api/session, the copy embedded in index.html, and the answer of every auth endpoint. */
export type Session = {
  user: SessionUser | null;
  /** When the session token expires (unix ms); null when signed out. */
  expiresAt?: number | null;
  counts?: SessionCounts;
};

/** One line of the bag: a product in a size and colour, priced by the server. */
export type BagItem = {
  id: string;
  product: Product;
  size: string | null;
  color: string | null;
  quantity: number;
  /** kobo */
  lineTotal: number;
};

/** The whole bag, as every bag endpoint answers it. */
export type Bag = {
  items: BagItem[];
  /** Sum of the quantities. */
  count: number;
  /** kobo */
  total: number;
};

export type SavedItem = { product: Product; savedAt: number };

/** One search-bar suggestion: a product (with its price and first picture) or a collection (price null). */
export type Suggestion = {
  id: string;
  name: string;
  category: string | null;
  /** kobo; null for a collection */
  price: number | null;
  image: Image | null;
};

/** How the search results page is ordered. */
export type SearchSort = 'relevance' | 'price-asc' | 'price-desc' | 'newest';

/** A plain `{message}` answer (forgot, reset, admin grant). */
export type MessageBody = { message: string };

/** Every error body the server sends. */
export type ErrorBody = { error: string; message: string };

/** A delivery address (checkout and orders). */
export type Address = { street: string; city: string; state: string; country: string; postalCode: string };

/** Who an order is for (checkout's customer details). */
export type Customer = { name: string; email: string; phone: string };

export type OrderStatus = 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** One line of an order, as it was paid for. */
export type OrderItem = {
  productId: string | null;
  name: string;
  /** kobo, each */
  price: number;
  quantity: number;
  size: string | null;
  color: string | null;
};

export type Order = {
  id: string;
  /** What the shopper reads out: 8 upper-case characters without look-alikes (no I, L, O, 0, 1). */
  number: string;
  createdAt: number;
  updatedAt: number;
  status: OrderStatus;
  /** Not yet seen on My Orders (drives the orders badge). */
  isNew: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  paymentReference: string;
  items: OrderItem[];
  /** kobo */
  totalAmount: number;
  trackingNumber: string | null;
  deliveryAddress: Address;
};

/** GET /api/orders/track: an order found by its number and the e-mail it was placed with. */
export type TrackedOrder = {
  number: string;
  status: OrderStatus;
  trackingNumber: string | null;
  createdAt: number;
  updatedAt: number;
  items: OrderItem[];
  /** kobo */
  totalAmount: number;
};
