// Modelled on rust-web-app-book/rusty-book-manager, api/src/model/user.rs: the constructs as written there, in our own words.
use derive_new::new;
use garde::Validate;
use kernel::model::{
    id::MemberId,
    role::Role,
    member::{
        event::{CreateMember, UpdateMemberPassword, UpdateMemberRole},
        Member,
    },
};
use serde::{Deserialize, Serialize};
use strum::VariantNames;

#[derive(Serialize, Deserialize, VariantNames)]
#[strum(serialize_all = "kebab-case")]
pub enum RoleName {
    Steward,
    Borrower,
}

impl From<Role> for RoleName {
    fn from(value: Role) -> Self {
        match value {
            Role::Steward => Self::Steward,
            Role::Borrower => Self::Borrower,
        }
    }
}

impl From<RoleName> for Role {
    fn from(value: RoleName) -> Self {
        match value {
            RoleName::Steward => Self::Steward,
            RoleName::Borrower => Self::Borrower,
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MembersResponse {
    pub items: Vec<MemberResponse>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberResponse {
    pub id: MemberId,
    pub display_name: String,
    pub email: String,
    pub role: RoleName,
}

impl From<Member> for MemberResponse {
    fn from(value: Member) -> Self {
        let Member {
            id,
            display_name,
            email,
            role,
        } = value;
        Self {
            id,
            display_name,
            email,
            role: RoleName::from(role),
        }
    }
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct UpdateMemberPasswordRequest {
    #[garde(length(min = 1))]
    old_passphrase: String,
    #[garde(length(min = 1))]
    new_passphrase: String,
}

#[derive(new)]
pub struct UpdateMemberPasswordRequestWithMemberId(MemberId, UpdateMemberPasswordRequest);
impl From<UpdateMemberPasswordRequestWithMemberId> for UpdateMemberPassword {
    fn from(value: UpdateMemberPasswordRequestWithMemberId) -> Self {
        let UpdateMemberPasswordRequestWithMemberId(
            member_id,
            UpdateMemberPasswordRequest {
                old_passphrase,
                new_passphrase,
            },
        ) = value;
        UpdateMemberPassword {
            member_id,
            old_passphrase,
            new_passphrase,
        }
    }
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CreateMemberRequest {
    #[garde(length(min = 1))]
    display_name: String,
    #[garde(email)]
    email: String,
    #[garde(length(min = 1))]
    passphrase: String,
}

impl From<CreateMemberRequest> for CreateMember {
    fn from(value: CreateMemberRequest) -> Self {
        let CreateMemberRequest {
            display_name,
            email,
            passphrase,
        } = value;
        Self {
            display_name,
            email,
            passphrase,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateMemberRoleRequest {
    role: RoleName,
}

#[derive(new)]
pub struct UpdateMemberRoleRequestWithMemberId(MemberId, UpdateMemberRoleRequest);
impl From<UpdateMemberRoleRequestWithMemberId> for UpdateMemberRole {
    fn from(value: UpdateMemberRoleRequestWithMemberId) -> Self {
        let UpdateMemberRoleRequestWithMemberId(member_id, UpdateMemberRoleRequest { role }) = value;
        Self {
            member_id,
            role: Role::from(role),
        }
    }
}
