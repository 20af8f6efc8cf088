// Python bindings of the query results: ContactSurface (its fields as NumPy
// arrays), the point-pair, distance, patch, kinematics and ray results, and
// the spatial velocity and acceleration the kinematics take.

#include <fmt/format.h>

#include "mesh/vtk_writer.h"
#include "proximity/distance/contact_patch.h"
#include "query_results/contact_kinematics.h"
#include "query_results/contact_patch.h"
#include "query_results/contact_surface.h"
#include "query_results/contact_surface_vtk.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/ray_hit.h"
#include "query_results/signed_distance_pair.h"
#include "query_results/signed_distance_to_point.h"
#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

// One value per face of a surface, from a per-face accessor.
template <class T, class Get>
std::vector<T> PerFace(const ContactSurface& s, Get get) {
  std::vector<T> values(s.num_faces());
  for (int f = 0; f < s.num_faces(); ++f) values[f] = get(f);
  return values;
}

const std::vector<double>& Pressures(const ContactSurface& s) {
  return s.is_triangle() ? s.tri_e_MN().values() : s.poly_e_MN().values();
}

const std::vector<Eigen::Vector3d>& Vertices(const ContactSurface& s) {
  return s.is_triangle() ? s.tri_mesh_W().vertices() : s.poly_mesh_W().vertices();
}

// The pressure gradient of M (or N) per face as an (F, 3) array, or None
// when that geometry is rigid.
py::object Gradients(const ContactSurface& s, bool of_M) {
  if (of_M ? !s.HasGradE_M() : !s.HasGradE_N()) return py::none();
  return ToArray(PerFace<Eigen::Vector3d>(
      s, [&](int f) { return of_M ? s.EvaluateGradE_M_W(f) : s.EvaluateGradE_N_W(f); }));
}

// ContactSurface.WriteVtk: the library's writer (the tool's arrays).
void WriteSurfaceVtk(const ContactSurface& s, const std::filesystem::path& file, bool binary) {
  WriteContactSurfaceVtk(file, &s, binary ? VtkEncoding::kBinary : VtkEncoding::kAscii);
}

template <class T>
std::string IdPairRepr(const char* type, const T& r, const char* what, double value) {
  return fmt::format("<{} {} {} {}={}>", type, r.id_A.to_string(), r.id_B.to_string(), what, value);
}

}  // namespace

void BindResults(py::module_& m) {
  PickleByValue(py::enum_<HydroelasticContactRepresentation>(m, "HydroelasticContactRepresentation"))
      .value("kTriangle", HydroelasticContactRepresentation::kTriangle)
      .value("kPolygon", HydroelasticContactRepresentation::kPolygon);

  py::class_<ContactSurface>(
      m, "ContactSurface",
      "The hydroelastic contact surface of geometries M and N (id_M < id_N), in W.\n"
      "Face normals point out of N into M; pressures (Pa) are given at the vertices and are\n"
      "linear on each face. Array properties are copies.")
      .def("id_M", &ContactSurface::id_M)
      .def("id_N", &ContactSurface::id_N)
      .def("representation", &ContactSurface::representation)
      .def("is_triangle", &ContactSurface::is_triangle)
      .def("num_faces", &ContactSurface::num_faces)
      .def("num_vertices", &ContactSurface::num_vertices)
      .def("area", &ContactSurface::area, py::arg("face_index"))
      .def("total_area", &ContactSurface::total_area)
      .def("face_normal", [](const ContactSurface& s, int f) { return Eigen::Vector3d(s.face_normal(f)); },
           py::arg("face_index"))
      .def("centroid", [](const ContactSurface& s, int f) { return s.centroid(f); }, py::arg("face_index"))
      .def("centroid", [](const ContactSurface& s) { return Eigen::Vector3d(s.centroid()); },
           "The area-weighted centroid of the whole surface.")
      .def("tri_mesh_W", &ContactSurface::tri_mesh_W, "@throws RuntimeError for a polygon surface.")
      .def("poly_mesh_W", &ContactSurface::poly_mesh_W, "@throws RuntimeError for a triangle surface.")
      .def("HasGradE_M", &ContactSurface::HasGradE_M)
      .def("HasGradE_N", &ContactSurface::HasGradE_N)
      .def("EvaluateGradE_M_W", [](const ContactSurface& s, int f) { return Eigen::Vector3d(s.EvaluateGradE_M_W(f)); },
           py::arg("face_index"))
      .def("EvaluateGradE_N_W", [](const ContactSurface& s, int f) { return Eigen::Vector3d(s.EvaluateGradE_N_W(f)); },
           py::arg("face_index"))
      .def("Equal", &ContactSurface::Equal)
      .def_property_readonly("vertices", [](const ContactSurface& s) { return ToArray(Vertices(s)); },
                             "(V, 3) float64 vertex positions in W.")
      .def_property_readonly(
          "faces",
          [](const ContactSurface& s) -> py::object {
            if (s.is_triangle()) return ToArray(s.tri_mesh_W().triangles());
            return ToPolygonList(s.poly_mesh_W());
          },
          "Triangles: an (F, 3) int32 array; polygons: a list of F int32 arrays.")
      .def_property_readonly(
          "face_data",
          [](const ContactSurface& s) {
            if (!s.is_triangle()) return py::array_t<int>(py::cast(s.poly_mesh_W().face_data()));
            std::vector<int> data;
            for (const auto& t : s.tri_mesh_W().triangles()) data.insert(data.end(), {3, t[0], t[1], t[2]});
            return py::array_t<int>(py::cast(data));
          },
          "The faces as one flat int32 list [n0, v00, ..., n1, v10, ...] (either representation).")
      .def_property_readonly("pressures", [](const ContactSurface& s) { return ToArray(Pressures(s)); },
                             "(V,) float64 pressure (Pa) at the vertices.")
      .def_property_readonly(
          "face_normals",
          [](const ContactSurface& s) {
            return ToArray(PerFace<Eigen::Vector3d>(s, [&](int f) { return s.face_normal(f); }));
          },
          "(F, 3) unit normals, out of N into M.")
      .def_property_readonly(
          "areas", [](const ContactSurface& s) { return ToArray(PerFace<double>(s, [&](int f) { return s.area(f); })); },
          "(F,) face areas (m²).")
      .def_property_readonly(
          "centroids",
          [](const ContactSurface& s) {
            return ToArray(PerFace<Eigen::Vector3d>(s, [&](int f) { return s.centroid(f); }));
          },
          "(F, 3) face centroids in W.")
      .def_property_readonly("grad_eM_W", [](const ContactSurface& s) { return Gradients(s, true); },
                             "(F, 3) ∇p_M (Pa/m) per face, or None when M is rigid.")
      .def_property_readonly("grad_eN_W", [](const ContactSurface& s) { return Gradients(s, false); },
                             "(F, 3) ∇p_N (Pa/m) per face, or None when N is rigid.")
      .def("WriteVtk", &WriteSurfaceVtk, py::arg("file"), py::arg("binary") = false,
           "Writes the surface as legacy VTK (pressure per vertex; normal, grad_eM, grad_eN per face).")
      .def("__repr__", [](const ContactSurface& s) {
        return fmt::format("<ContactSurface {} {} {} faces, area {} m²>", s.id_M().to_string(), s.id_N().to_string(),
                           s.num_faces(), s.total_area());
      });

  py::class_<PenetrationAsPointPair>(m, "PenetrationAsPointPair",
                                     "Two overlapping geometries as one point pair, in W: p_WCb − p_WCa = "
                                     "depth · nhat_BA_W.")
      .def(py::init<>())
      .def_readwrite("id_A", &PenetrationAsPointPair::id_A, kByValue)
      .def_readwrite("id_B", &PenetrationAsPointPair::id_B, kByValue)
      .def_readwrite("p_WCa", &PenetrationAsPointPair::p_WCa, kByValue)
      .def_readwrite("p_WCb", &PenetrationAsPointPair::p_WCb, kByValue)
      .def_readwrite("nhat_BA_W", &PenetrationAsPointPair::nhat_BA_W, kByValue)
      .def_readwrite("depth", &PenetrationAsPointPair::depth, kByValue)
      .def("__repr__", [](const PenetrationAsPointPair& p) { return IdPairRepr("PenetrationAsPointPair", p, "depth", p.depth); });

  py::class_<SignedDistancePair>(m, "SignedDistancePair",
                                 "The signed distance of A and B; witness points in each geometry's frame.")
      .def(py::init<>())
      .def_readwrite("id_A", &SignedDistancePair::id_A, kByValue)
      .def_readwrite("id_B", &SignedDistancePair::id_B, kByValue)
      .def_readwrite("p_ACa", &SignedDistancePair::p_ACa, kByValue)
      .def_readwrite("p_BCb", &SignedDistancePair::p_BCb, kByValue)
      .def_readwrite("distance", &SignedDistancePair::distance, kByValue)
      .def_readwrite("nhat_BA_W", &SignedDistancePair::nhat_BA_W, kByValue)
      .def_readwrite("is_nhat_BA_W_unique", &SignedDistancePair::is_nhat_BA_W_unique, kByValue)
      .def("__repr__", [](const SignedDistancePair& p) { return IdPairRepr("SignedDistancePair", p, "distance", p.distance); });
  m.def("SwapRoles", py::overload_cast<const PenetrationAsPointPair&>(&SwapRoles), py::arg("pair"));
  m.def("SwapRoles", py::overload_cast<const SignedDistancePair&>(&SwapRoles), py::arg("pair"));

  py::class_<SignedDistanceToPoint>(m, "SignedDistanceToPoint",
                                    "The signed distance from a point Q to geometry G: p_WQ = X_WG·p_GN + "
                                    "distance · grad_W.")
      .def(py::init<>())
      .def_readwrite("id_G", &SignedDistanceToPoint::id_G, kByValue)
      .def_readwrite("p_GN", &SignedDistanceToPoint::p_GN, kByValue)
      .def_readwrite("distance", &SignedDistanceToPoint::distance, kByValue)
      .def_readwrite("grad_W", &SignedDistanceToPoint::grad_W, kByValue)
      .def_readwrite("is_grad_W_unique", &SignedDistanceToPoint::is_grad_W_unique, kByValue)
      .def("__repr__", [](const SignedDistanceToPoint& d) {
        return fmt::format("<SignedDistanceToPoint {} distance={}>", d.id_G.to_string(), d.distance);
      });

  py::class_<ContactPatchSettings>(m, "ContactPatchSettings")
      .def(py::init([](double tolerance, int cylinder_cap_sides) {
             return ContactPatchSettings{tolerance, cylinder_cap_sides};
           }),
           py::arg("tolerance") = ContactPatchSettings{}.tolerance,
           py::arg("cylinder_cap_sides") = ContactPatchSettings{}.cylinder_cap_sides)
      .def_readwrite("tolerance", &ContactPatchSettings::tolerance, kByValue)
      .def_readwrite("cylinder_cap_sides", &ContactPatchSettings::cylinder_cap_sides, kByValue);

  py::class_<ContactPatch> patch(m, "ContactPatch",
                                 "The planar contact polygon of A and B (Coal's ContactPatch): points (x, y) in "
                                 "the frame X_WP whose z axis points from A to B.");
  PickleByValue(py::enum_<ContactPatch::Direction>(patch, "Direction"))
      .value("kDefault", ContactPatch::Direction::kDefault)
      .value("kInverted", ContactPatch::Direction::kInverted);
  patch.def(py::init<>())
      .def_readwrite("id_A", &ContactPatch::id_A, kByValue)
      .def_readwrite("id_B", &ContactPatch::id_B, kByValue)
      .def_readwrite("X_WP", &ContactPatch::X_WP, kByValue)
      .def_readwrite("direction", &ContactPatch::direction, kByValue)
      .def_readwrite("penetration_depth", &ContactPatch::penetration_depth, kByValue)
      .def_property_readonly("points", [](const ContactPatch& p) { return ToArray(p.points); },
                             "(n, 2) float64 points in the patch plane, counter-clockwise about +z.")
      .def_property_readonly(
          "point_penetration_depths", [](const ContactPatch& p) { return ToArray(p.point_penetration_depths); },
          "(n,) float64 each point's own signed separation d_i (m) of the two surfaces along the normal line "
          "through it (our extension of Coal's patch; its sign as penetration_depth's: < 0 overlapping).")
      .def_property_readonly(
          "points_W",
          [](const ContactPatch& p) {
            std::vector<Eigen::Vector3d> points(p.size());
            for (int i = 0; i < p.size(); ++i) points[i] = p.point_W(i);
            return ToArray(points);
          },
          "(n, 3) float64 points in W.")
      .def("normal_W", &ContactPatch::normal_W)
      .def("size", &ContactPatch::size)
      .def("AddPoint", py::overload_cast<const Eigen::Vector3d&>(&ContactPatch::AddPoint), py::arg("p_WQ"),
           "Adds a point given in W (projected onto the plane) at the patch's penetration_depth.")
      .def("AddPoint", py::overload_cast<const Eigen::Vector3d&, double>(&ContactPatch::AddPoint), py::arg("p_WQ"),
           py::arg("point_penetration_depth"), "Adds a point given in W (projected onto the plane) at its own depth.")
      .def("point_W", [](const ContactPatch& p, int i) {
             if (i < 0 || i >= p.size()) throw py::index_error(fmt::format("ContactPatch: point {} of {}", i, p.size()));
             return p.point_W(i);
           })
      .def("point_on_shape_A_W", [](const ContactPatch& p, int i) {
             if (i < 0 || i >= p.size()) throw py::index_error(fmt::format("ContactPatch: point {} of {}", i, p.size()));
             return p.point_on_shape_A_W(i);
           })
      .def("point_on_shape_B_W", [](const ContactPatch& p, int i) {
             if (i < 0 || i >= p.size()) throw py::index_error(fmt::format("ContactPatch: point {} of {}", i, p.size()));
             return p.point_on_shape_B_W(i);
           })
      .def("IsSame", &ContactPatch::IsSame, py::arg("other"), py::arg("tolerance") = 1e-12)
      .def("__repr__", [](const ContactPatch& p) {
        return fmt::format("<ContactPatch {} {} {} points, penetration_depth={}>", p.id_A.to_string(),
                           p.id_B.to_string(), p.size(), p.penetration_depth);
      });

  py::class_<SpatialVelocity>(m, "SpatialVelocity", "Angular w_W and translational v_W velocity of a frame, in W.")
      .def(py::init([](const Eigen::Vector3d& w_W, const Eigen::Vector3d& v_W) { return SpatialVelocity{w_W, v_W}; }),
           py::arg("w_W") = Eigen::Vector3d::Zero().eval(), py::arg("v_W") = Eigen::Vector3d::Zero().eval())
      .def_readwrite("w_W", &SpatialVelocity::w_W, kByValue)
      .def_readwrite("v_W", &SpatialVelocity::v_W, kByValue)
      .def("__repr__", [](const SpatialVelocity& V) {
        return fmt::format("SpatialVelocity(w_W=[{}, {}, {}], v_W=[{}, {}, {}])", V.w_W.x(), V.w_W.y(), V.w_W.z(),
                           V.v_W.x(), V.v_W.y(), V.v_W.z());
      });
  py::class_<SpatialAcceleration>(m, "SpatialAcceleration",
                                  "Angular alpha_W and translational a_W acceleration of a frame, in W.")
      .def(py::init([](const Eigen::Vector3d& alpha_W, const Eigen::Vector3d& a_W) {
             return SpatialAcceleration{alpha_W, a_W};
           }),
           py::arg("alpha_W") = Eigen::Vector3d::Zero().eval(), py::arg("a_W") = Eigen::Vector3d::Zero().eval())
      .def_readwrite("alpha_W", &SpatialAcceleration::alpha_W, kByValue)
      .def_readwrite("a_W", &SpatialAcceleration::a_W, kByValue)
      .def("__repr__", [](const SpatialAcceleration& A) {
        return fmt::format("SpatialAcceleration(alpha_W=[{}, {}, {}], a_W=[{}, {}, {}])", A.alpha_W.x(),
                           A.alpha_W.y(), A.alpha_W.z(), A.a_W.x(), A.a_W.y(), A.a_W.z());
      });
  PickleByValue(py::enum_<ContactKinematicsMethod>(m, "ContactKinematicsMethod"))
      .value("kSphereSphere", ContactKinematicsMethod::kSphereSphere)
      .value("kSpherePlane", ContactKinematicsMethod::kSpherePlane)
      .value("kPointPlane", ContactKinematicsMethod::kPointPlane)
      .value("kEdgeEdge", ContactKinematicsMethod::kEdgeEdge)
      .value("kWitnessPoints", ContactKinematicsMethod::kWitnessPoints);
  py::class_<ContactKinematics>(m, "ContactKinematics",
                                "One contact as a constraint solver sees it (Simbody's UnilateralContact): "
                                "frame X_WC (Cz from A into B), perr, verr, aerr, slip.")
      .def(py::init<>())
      .def_readwrite("id_A", &ContactKinematics::id_A, kByValue)
      .def_readwrite("id_B", &ContactKinematics::id_B, kByValue)
      .def_readwrite("X_WC", &ContactKinematics::X_WC, kByValue)
      .def_readwrite("sign", &ContactKinematics::sign, kByValue)
      .def_readwrite("perr", &ContactKinematics::perr, kByValue)
      .def_readwrite("verr", &ContactKinematics::verr, kByValue)
      .def_readwrite("aerr", &ContactKinematics::aerr, kByValue)
      .def_readwrite("slip_velocity_C", &ContactKinematics::slip_velocity_C, kByValue)
      .def_readwrite("method", &ContactKinematics::method, kByValue)
      .def("IsProximal", &ContactKinematics::IsProximal, py::arg("ptol"))
      .def("slip_speed", &ContactKinematics::slip_speed)
      .def("__repr__", [](const ContactKinematics& k) {
        return fmt::format("<ContactKinematics {} {} perr={} verr={} ({})>", k.id_A.to_string(), k.id_B.to_string(),
                           k.perr, k.verr, to_string(k.method));
      });

  py::class_<RayCastHit>(m, "RayCastHit", "Where a ray first meets a geometry, in W.")
      .def(py::init<>())
      .def_readwrite("id", &RayCastHit::id, kByValue)
      .def_readwrite("distance", &RayCastHit::distance, kByValue)
      .def_readwrite("p_WH", &RayCastHit::p_WH, kByValue)
      .def_readwrite("nhat_W", &RayCastHit::nhat_W, kByValue)
      .def_readwrite("entering", &RayCastHit::entering, kByValue)
      .def("__repr__", [](const RayCastHit& h) {
        return fmt::format("<RayCastHit {} distance={} entering={}>", h.id.to_string(), h.distance, h.entering);
      });
}

}  // namespace hydrocontact::python
