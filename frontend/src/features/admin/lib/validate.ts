/** Form checks of the back office (SPEC section 5). Each returns the message to show, or null. */

export const FILL_ALL_FIELDS = 'Please fill in all fields.';
export const FILL_ALL_TEXT_FIELDS = 'Please fill in all text fields.';
export const NOT_AN_IMAGE = 'Selected file must be an image.';
export const INVALID_PRICE = 'Please enter a valid price in naira, with at most two decimals (like 25000.00).';
/** The server's per-picture limit. */
export const MAX_IMAGE_BYTES = 10_000_000;
export const IMAGE_TOO_LARGE = 'Image file size must be less than 10MB.';
export const MAX_PRODUCT_IMAGES = 8;
export const TOO_MANY_IMAGES = `Send at most ${MAX_PRODUCT_IMAGES} images at once.`;

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Naira as typed: digits with at most two decimals (the server parses it exactly into kobo). */
export function isValidPrice(text: string): boolean {
  return /^\d{1,10}(\.\d{1,2})?$/.test(text.trim());
}

function blank(text: string): boolean {
  return text.trim() === '';
}

function checkImages(files: ReadonlyArray<File>): string | null {
  if (files.some((f) => !isImageFile(f))) return NOT_AN_IMAGE;
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) return IMAGE_TOO_LARGE;
  return null;
}

export type CollectionInput = { name: string; description: string; image: File | null; adding: boolean };

/** Name and description always; the image only when adding. */
export function validateCollection({ name, description, image, adding }: CollectionInput): string | null {
  if (blank(name) || blank(description) || (adding && !image)) return FILL_ALL_FIELDS;
  return image ? checkImages([image]) : null;
}

export type ReleaseInput = {
  name: string;
  description: string;
  price: string;
  collectionId: string;
  productId: string;
  image: File | null;
};

/** Every field but featured is required; the background must be an image. */
export function validateRelease(input: ReleaseInput): string | null {
  const { name, description, price, collectionId, productId, image } = input;
  if (blank(name) || blank(description) || blank(price) || !collectionId || !productId || !image)
    return FILL_ALL_FIELDS;
  if (!isValidPrice(price)) return INVALID_PRICE;
  return checkImages([image]);
}

export type ProductInput = { name: string; description: string; price: string; images: ReadonlyArray<File> };

/** Name, description, price and at least one picture; category, sizes and colours are optional. */
export function validateProduct({ name, description, price, images }: ProductInput): string | null {
  if (blank(name) || blank(description) || blank(price) || images.length === 0) return FILL_ALL_FIELDS;
  if (!isValidPrice(price)) return INVALID_PRICE;
  if (images.length > MAX_PRODUCT_IMAGES) return TOO_MANY_IMAGES;
  return checkImages(images);
}

export type AboutInput = {
  title: string;
  description1: string;
  description2: string;
  image1: File | null;
  image2: File | null;
};

/** The title and both descriptions; the pictures are optional. */
export function validateAbout({ title, description1, description2, image1, image2 }: AboutInput): string | null {
  if (blank(title) || blank(description1) || blank(description2)) return FILL_ALL_TEXT_FIELDS;
  return checkImages([image1, image2].filter((f): f is File => f !== null));
}

/** "S, M, L" -> ["S", "M", "L"] (what the server stores; sent as typed). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
