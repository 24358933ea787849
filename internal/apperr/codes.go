package apperr

// The codes a refusal carries, as clients see them in the error body. A
// client acts on the code, so a code never changes once shipped; the README
// lists them with the statuses they come with.
const (
	// From the specification's list (accounts §8).
	CodeAuth                = "AUTH_ERROR"
	CodePermission          = "PERMISSION_ERROR"
	CodeNotFound            = "NOT_FOUND"
	CodeEmailAlreadyInvited = "EMAIL_ALREADY_INVITED"
	CodeInviteUpdate        = "INVITE_UPDATE_ERROR"
	CodeInvalidToken        = "INVALID_TOKEN"
	CodeEmailMismatch       = "EMAIL_MISMATCH"
	CodeMembershipAddFailed = "MEMBERSHIP_ADD_FAILED"
	CodeChoirCreate         = "CHOIR_CREATE_ERROR"

	// Added by the design.
	CodeValidation  = "VALIDATION_ERROR"
	CodeRateLimited = "RATE_LIMITED"

	// Added by Cantica: memberships and voice parts.
	CodeAlreadyMember      = "ALREADY_MEMBER"
	CodeLastAdmin          = "LAST_ADMIN"
	CodeMembershipInactive = "MEMBERSHIP_INACTIVE"
	CodeVoicePartExists    = "VOICE_PART_EXISTS"

	// Added by Cantica: accounts, social sign-in and two-factor set-up.
	CodeAccountExists       = "ACCOUNT_EXISTS"
	CodeOAuthAccount        = "OAUTH_ACCOUNT"
	CodeEmailNotConfirmed   = "EMAIL_NOT_CONFIRMED"
	CodeEmailNotVerified    = "EMAIL_NOT_VERIFIED"
	CodeNoPassword          = "NO_PASSWORD"
	CodeIdentityInUse       = "IDENTITY_IN_USE"
	CodeLastSignInMethod    = "LAST_SIGN_IN_METHOD"
	CodeInvalidState        = "INVALID_STATE"
	CodeProviderUnavailable = "PROVIDER_UNAVAILABLE"
	CodeMFAAlreadyEnabled   = "MFA_ALREADY_ENABLED"
	CodeMFANotEnrolling     = "MFA_NOT_ENROLLING"
	// Your data (issue 30): signing in to an account waiting for its purge.
	CodeAccountDeactivated = "ACCOUNT_DEACTIVATED"

	// Added by Cantica: the music library.
	CodeDuplicateName   = "DUPLICATE_NAME"
	CodeDuplicateNumber = "DUPLICATE_NUMBER"

	// Added by Cantica: the music library's files.
	CodeFileTooLarge    = "FILE_TOO_LARGE"
	CodeUnsupportedFile = "UNSUPPORTED_FILE"
	CodeDeleteFailed    = "DELETE_FAILED"
	CodeUploadFailed    = "UPLOAD_FAILED"

	// Added by Cantica: practice.
	CodePracticeSessionTaken = "PRACTICE_SESSION_TAKEN"

	// Email links and attendance (issue 17).
	CodeEventStarted = "EVENT_STARTED"
	CodeConflict     = "CONFLICT"

	// Plumbing the HTTP layer answers itself.
	CodeMethodNotAllowed = "METHOD_NOT_ALLOWED"
	CodeRequestTimeout   = "REQUEST_TIMEOUT"
	CodeNotReady         = "NOT_READY"
	CodeInternal         = "INTERNAL_ERROR"
)

// Plans and billing (issue 29).
const (
	CodeReadOnly  = "CHOIR_READ_ONLY" // the trial ended without a plan, or payment retries ended
	CodePlanLimit = "PLAN_LIMIT"      // the plan's member or storage limit, or a downgrade that does not fit
)
