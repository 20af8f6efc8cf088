// Python bindings of QueryObject: every query, and the hydroelastic
// representations it reports.

#include <limits>

#include "geometry/query_object.h"
#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A geometry's hydroelastic representation as a Python object (a copy):
// None, RigidMesh, RigidHalfSpace, CompliantMesh or CompliantHalfSpace.
py::object RepresentationObject(const HydroelasticRepresentation& r) {
  return std::visit(
      [](const auto& alternative) -> py::object {
        using T = std::decay_t<decltype(alternative)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return py::none();
        } else {
          return py::cast(alternative, py::return_value_policy::copy);
        }
      },
      r);
}

}  // namespace

void BindQueryObject(py::module_& m) {
  py::class_<RigidMesh>(m, "RigidMesh", "A rigid geometry's triangle surface, in G.")
      .def_property_readonly("mesh", [](const RigidMesh& r) { return r.mesh; });
  py::class_<RigidHalfSpace>(m, "RigidHalfSpace", "A rigid half-space z ≤ 0 of G.");
  py::class_<CompliantMesh>(m, "CompliantMesh", "A compliant geometry's tetrahedral mesh and pressure field, in G.")
      .def_property_readonly("mesh", [](const CompliantMesh& c) { return c.mesh; })
      .def_property_readonly("pressures", [](const CompliantMesh& c) { return ToArray(c.pressure.values()); },
                             "(V,) pressure (Pa) at the mesh vertices.")
      .def_readonly("hydroelastic_modulus", &CompliantMesh::hydroelastic_modulus, kByValue);
  py::class_<CompliantHalfSpace>(m, "CompliantHalfSpace", "A compliant half-space: p(z) = E (margin − z) / slab.")
      .def_readonly("hydroelastic_modulus", &CompliantHalfSpace::hydroelastic_modulus, kByValue)
      .def_readonly("slab_thickness", &CompliantHalfSpace::slab_thickness, kByValue)
      .def_readonly("margin", &CompliantHalfSpace::margin, kByValue)
      .def("Pressure", &CompliantHalfSpace::Pressure, py::arg("z"));

  using Q = QueryObject;
  py::class_<Q>(m, "QueryObject",
                "The read-only query view of a SceneGraph at its current poses (see\n"
                "geometry/query_object.h). Results are ordered by id pair, smaller id first.")
      .def("set_max_threads", &Q::set_max_threads, py::arg("max_threads"),
           "The pair queries use up to this many threads (results identical for any count).")
      .def("max_threads", &Q::max_threads)
      .def("X_WG", &Q::X_WG, py::arg("id"))
      .def("shape", [](const Q& q, GeometryId id) { return FromShape(q.shape(id)); }, py::arg("id"))
      .def("properties", &Q::properties, py::arg("id"), py::return_value_policy::copy)
      .def("name", &Q::name, py::arg("id"))
      .def(
          "representation", [](const Q& q, GeometryId id) { return RepresentationObject(q.representation(id)); },
          py::arg("id"), "The hydroelastic representation in G (a copy), or None.")
      .def("FindCollisionCandidates", py::overload_cast<>(&Q::FindCollisionCandidates, py::const_))
      .def("HasCollisions", &Q::HasCollisions)
      .def("ComputeContactSurfaces",
           py::overload_cast<HydroelasticContactRepresentation>(&Q::ComputeContactSurfaces, py::const_),
           py::arg("representation") = HydroelasticContactRepresentation::kTriangle)
      .def(
          "ComputeContactSurfacesWithFallback",
          [](const Q& q, HydroelasticContactRepresentation representation) {
            std::vector<ContactSurface> surfaces;
            std::vector<PenetrationAsPointPair> point_pairs;
            q.ComputeContactSurfacesWithFallback(representation, &surfaces, &point_pairs);
            return py::make_tuple(std::move(surfaces), std::move(point_pairs));
          },
          py::arg("representation") = HydroelasticContactRepresentation::kTriangle,
          "(surfaces, point_pairs): pairs that cannot make a surface answered by point-pair penetration.")
      .def(
          "ComputeContactSurfacesWithPatchFallback",
          [](const Q& q, HydroelasticContactRepresentation representation, const ContactPatchSettings& settings) {
            std::vector<ContactSurface> surfaces;
            std::vector<ContactPatch> patches;
            q.ComputeContactSurfacesWithFallback(representation, &surfaces, &patches, settings);
            return py::make_tuple(std::move(surfaces), std::move(patches));
          },
          py::arg("representation") = HydroelasticContactRepresentation::kTriangle,
          py::arg("settings") = ContactPatchSettings(),
          "(surfaces, patches): pairs that cannot make a surface answered by their contact patch.")
      .def("ComputePointPairPenetration", py::overload_cast<>(&Q::ComputePointPairPenetration, py::const_))
      .def("ComputeSignedDistancePairwiseClosestPoints",
           py::overload_cast<double>(&Q::ComputeSignedDistancePairwiseClosestPoints, py::const_),
           py::arg("max_distance") = kInf)
      .def("ComputeSignedDistancePairClosestPoints", &Q::ComputeSignedDistancePairClosestPoints, py::arg("id_A"),
           py::arg("id_B"))
      .def("ComputeSignedDistanceToPoint",
           py::overload_cast<const Eigen::Vector3d&, double>(&Q::ComputeSignedDistanceToPoint, py::const_),
           py::arg("p_WQ"), py::arg("threshold") = kInf)
      .def("ComputeSignedDistanceGeometryToPoint",
           py::overload_cast<const Eigen::Vector3d&, const std::vector<GeometryId>&>(
               &Q::ComputeSignedDistanceGeometryToPoint, py::const_),
           py::arg("p_WQ"),
           py::arg("ids"))
      .def("ComputeContactPatches", py::overload_cast<const ContactPatchSettings&>(&Q::ComputeContactPatches, py::const_),
           py::arg("settings") = ContactPatchSettings())
      .def("CalcContactKinematics",
           py::overload_cast<const SignedDistancePair&, const SpatialVelocity&, const SpatialVelocity&,
                             const SpatialAcceleration&, const SpatialAcceleration&, int>(&Q::CalcContactKinematics,
                                                                                          py::const_),
           py::arg("pair"), py::arg("V_WA"), py::arg("V_WB"), py::arg("A_WA") = SpatialAcceleration(),
           py::arg("A_WB") = SpatialAcceleration(), py::arg("sign") = 1)
      .def("CalcContactKinematics",
           py::overload_cast<const PenetrationAsPointPair&, const SpatialVelocity&, const SpatialVelocity&,
                             const SpatialAcceleration&, const SpatialAcceleration&, int>(&Q::CalcContactKinematics,
                                                                                          py::const_),
           py::arg("pair"), py::arg("V_WA"), py::arg("V_WB"), py::arg("A_WA") = SpatialAcceleration(),
           py::arg("A_WB") = SpatialAcceleration(), py::arg("sign") = 1)
      .def("ComputeContactKinematics",
           py::overload_cast<const std::map<GeometryId, SpatialVelocity>&,
                             const std::map<GeometryId, SpatialAcceleration>&, double, int>(
               &Q::ComputeContactKinematics, py::const_),
           py::arg("velocities"),
           py::arg("accelerations") = std::map<GeometryId, SpatialAcceleration>(), py::arg("max_distance") = 0.0,
           py::arg("sign") = 1,
           "Kinematics of every pair within max_distance; velocities: {GeometryId: SpatialVelocity}\n"
           "(absent geometries are at rest).")
      .def("CastRay", &Q::CastRay, py::arg("p_WO"), py::arg("dir_W"), py::arg("max_distance") = kInf,
           py::arg("excluded") = std::vector<GeometryId>(), "The first hit (RayCastHit) or None.")
      .def(
          "CastRays",
          [](const Q& q, const py::object& p_WO, const py::object& dir_W, double max_distance,
             const std::vector<GeometryId>& excluded) {
            // (Converted one after the other, so a bad p_WO is reported first.)
            const std::vector<Eigen::Vector3d> origins = ToVectors(p_WO, "CastRays: p_WO");
            const std::vector<Eigen::Vector3d> directions = ToVectors(dir_W, "CastRays: dir_W");
            return q.CastRays(origins, directions, max_distance, excluded);
          },
          py::arg("p_WO"), py::arg("dir_W"), py::arg("max_distance") = kInf,
          py::arg("excluded") = std::vector<GeometryId>(),
          "Rays i from p_WO[i] along dir_W[i] ((n, 3) arrays): a list of RayCastHit or None.");
}

}  // namespace hydrocontact::python
