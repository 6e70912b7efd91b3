import { Image } from "react-bootstrap";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" });

export type ProfileUser = {
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  isAdmin: boolean;
  /** ISO timestamps. */
  memberSince: string;
  loggedInSince: string;
};

/** The member's picture and details, as the profile page shows them. */
export function ProfileDetails({ user }: { user: ProfileUser }) {
  return (
    <section aria-labelledby="details-heading" className="card card-body">
      <h2 id="details-heading" className="h4">
        Profile Details
      </h2>
      <div className="text-center my-3">
        <Image
          src={user.image || "/images/user.png"}
          alt="Profile picture"
          width={128}
          height={128}
          roundedCircle
          className="object-fit-cover"
          data-testid="profile-picture"
        />
      </div>
      <dl className="row mb-0">
        <dt className="col-5">Display name</dt>
        <dd className="col-7 text-break" data-testid="profile-name">{user.name || "no user"}</dd>
        <dt className="col-5">Email</dt>
        <dd className="col-7 text-break" data-testid="profile-email">
          {user.email} {user.emailVerified ? "(verified)" : "(unverified)"}
        </dd>
        <dt className="col-5">Member since</dt>
        <dd className="col-7">{dateFormat.format(new Date(user.memberSince))}</dd>
        <dt className="col-5">Logged in since</dt>
        <dd className="col-7">{dateTimeFormat.format(new Date(user.loggedInSince))}</dd>
        <dt className="col-5">Status</dt>
        <dd className="col-7" data-testid="profile-status">{user.isAdmin ? "Admin" : "Member"}</dd>
      </dl>
    </section>
  );
}
