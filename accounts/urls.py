"""Account URLs. Names are not namespaced because Django's auth views reverse them bare."""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import converters, views  # noqa: F401 (converters registers <username:…>)
from accounts.forms import KadiPasswordChangeForm, KadiSetPasswordForm

urlpatterns = [
    path("signup/", views.SignUpView.as_view(), name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("settings/", views.AccountSettingsView.as_view(), name="account_settings"),
    path("u/<username:username>/", views.ProfileView.as_view(), name="profile"),
    path("u/<username:username>/follow/", views.follow, name="follow"),
    path("u/<username:username>/unfollow/", views.unfollow, name="unfollow"),
    path("u/<username:username>/block/", views.block, name="block"),
    path("u/<username:username>/unblock/", views.unblock, name="unblock"),
    path("friends/", views.friends_page, name="friends"),
    path(
        "password/change/",
        views.no_guests(
            auth_views.PasswordChangeView.as_view(form_class=KadiPasswordChangeForm), views.GUEST_PASSWORD
        ),
        name="password_change",
    ),
    path(
        "password/change/done/",
        views.no_guests(auth_views.PasswordChangeDoneView.as_view(), views.GUEST_PASSWORD),
        name="password_change_done",
    ),
    path("password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(form_class=KadiSetPasswordForm),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
