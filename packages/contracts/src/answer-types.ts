// The contract types the endpoint table's routes answer, keyed by the name each entry gives
// its answer (routes/route.ts `answer(name, status)`): the name is written here once, and an
// entry's answer type follows from it, so a name without a type here does not compile. The
// OpenAPI document's response schemas are generated from these very types (openapi.ts), so a
// client generator gets the shapes the site compiles against.
import type { Insights } from './insights.js';
import type { AdminActionsPage } from './admin-actions.js';
import type { CurrentPasses, MealPass, OfflinePasses, Redemption, RedemptionRefusal } from './counter.js';
import type { DietProfile } from './allergens.js';
import type { EmailPreferences, EmailSettings } from './email.js';
import type { ComplaintsPage, DueRatings, MealFeedbackList, ServingRatingSaved, ServingRatings } from './feedback.js';
import type { LikeResponse } from './likes.js';
import type {
  AdminMealsPage,
  Deleted,
  Inserted,
  MealDetail,
  MealsPage,
  Modified,
  PublicMeal,
  UpcomingMeal,
} from './meals.js';
import type { CheckoutPackage, MembershipPackage } from './memberships.js';
import type { KitchenDay, MealServings, Menu, WeekCopied } from './menu.js';
import type { Page } from './paging.js';
import type {
  MembershipChanged,
  PaymentRecord,
  PlanChangePreview,
  PurchasedPackage,
  SubscriptionCreated,
} from './payments.js';
import type { RequestQuota } from './quota.js';
import type { MealRequested, MyReservations, RequestedMeal } from './requests.js';
import type { MyReview, PublicReview, ReviewAdded } from './reviews.js';
import type { ApiToken, Health } from './session.js';
import type { MyData } from './my-data.js';
import type { PushDevice, PushPreferences, PushSettings } from './push.js';
import type { ManagedUser, UserProfile } from './users.js';
import type { HallSettings, Halls, NextHall } from './halls.js';
import type { Leave, LeaveApplied, MealSettings, MyLeaves, MySkips, StandingReservations } from './booking.js';

/** Every JSON answer of the API by its name in the endpoint table. */
export type AnswerTypes = {
  PushDevice: PushDevice;
  PushPreferences: PushPreferences;
  PushSettings: PushSettings;
  AdminActionsPage: AdminActionsPage;
  AdminMealsPage: AdminMealsPage;
  ApiToken: ApiToken;
  CheckoutPackage: CheckoutPackage;
  ComplaintsPage: ComplaintsPage;
  CurrentPasses: CurrentPasses;
  OfflinePasses: OfflinePasses;
  Deleted: Deleted;
  DietProfile: DietProfile;
  DueRatings: DueRatings;
  EmailPreferences: EmailPreferences;
  EmailSettings: EmailSettings;
  HallSettings: HallSettings;
  Halls: Halls;
  Health: Health;
  Inserted: Inserted;
  Insights: Insights;
  NextHall: NextHall;
  KitchenDay: KitchenDay;
  Leave: Leave;
  LeaveApplied: LeaveApplied;
  LikeResponse: LikeResponse;
  MealDetail: MealDetail;
  MealFeedbackList: MealFeedbackList;
  MealPass: MealPass;
  MealRequested: MealRequested;
  MealServings: MealServings;
  MealSettings: MealSettings;
  MealsPage: MealsPage;
  MembershipChanged: MembershipChanged;
  'MembershipPackage[]': MembershipPackage[];
  Menu: Menu;
  Modified: Modified;
  MyData: MyData;
  MyLeaves: MyLeaves;
  MyReservations: MyReservations;
  MySkips: MySkips;
  'Page<ManagedUser>': Page<ManagedUser>;
  'Page<MyReview>': Page<MyReview>;
  'Page<PaymentRecord>': Page<PaymentRecord>;
  'Page<PublicReview>': Page<PublicReview>;
  'Page<RequestedMeal>': Page<RequestedMeal>;
  'Page<UpcomingMeal>': Page<UpcomingMeal>;
  PlanChangePreview: PlanChangePreview;
  'PublicMeal[]': PublicMeal[];
  PurchasedPackage: PurchasedPackage;
  Redemption: Redemption;
  RedemptionRefusal: RedemptionRefusal;
  RequestQuota: RequestQuota;
  ReviewAdded: ReviewAdded;
  ServingRatingSaved: ServingRatingSaved;
  ServingRatings: ServingRatings;
  StandingReservations: StandingReservations;
  SubscriptionCreated: SubscriptionCreated;
  UserProfile: UserProfile;
  WeekCopied: WeekCopied;
};
