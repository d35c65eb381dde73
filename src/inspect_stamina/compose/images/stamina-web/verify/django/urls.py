from django.contrib.auth.models import User
from django.urls import include, path
from rest_framework import routers, serializers, viewsets
from rest_framework_simplejwt.views import TokenObtainPairView


class UserSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username"]


class UserViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = User.objects.order_by("id")
    serializer_class = UserSerializer
    filterset_fields = ["username"]


router = routers.DefaultRouter()
router.register("users", UserViewSet)
urlpatterns = [
    path("api/token/", TokenObtainPairView.as_view()),
    path("api/", include(router.urls)),
]
