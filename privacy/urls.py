from django.urls import path

from privacy import views

urlpatterns = [
    path("download/", views.download, name="own_data_download"),
    path("delete/", views.delete_account, name="delete_account"),
    path("second-factor/", views.setup_second_factor, name="second_factor_setup"),
    path("second-factor/verify/", views.verify_second_factor, name="second_factor_verify"),
]
