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
  photoURL: string | null;
  phoneNumber: string | null;
  admin: boolean;
};

export type SessionCounts = { bag: number; saved: number; newOrders: number };

export type Session = {
  user: SessionUser | null;
  counts?: SessionCounts;
};

/** Every error body the server sends. */
export type ErrorBody = { error: string; message: string };
