// Response shapes both the API and the site rely on (docs/api.md). The API's serialisers
// return them and the site's fetchers read them, so a change breaks the build on both sides.

export type PublicMeal = {
  _id: string;
  title: string;
  category: string;
  image: string;
  ingredients: string;
  description: string;
  price: number;
  rating: number;
  /** The like count; public responses never list who liked. */
  likes: number;
  reviews_count: number;
  distributorName: string;
  adminName: string;
  postTime: string | null;
};

export type PublicReview = {
  _id: string;
  mealId: string;
  userName: string;
  img: string | null;
  comment: string;
  rating: number;
  timeStamp: string | null;
  /** True for the caller's own review when a token was sent. */
  mine: boolean;
};
